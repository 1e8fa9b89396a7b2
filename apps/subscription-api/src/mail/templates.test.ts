import { describe, expect, it } from 'vitest';
import {
  enquiryRejectedMail,
  escapeHtml,
  HIDDEN_TOKEN,
  invitationLink,
  invitationMail,
  passwordChangedMail,
  resetLink,
  resetMail,
  testMail,
} from './templates';

const PUBLIC_URL = 'https://console.example.com';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('links', () => {
  it('builds the reset screen address from PUBLIC_URL with the email encoded', () => {
    expect(resetLink(`${PUBLIC_URL}/`, 'tok_en-1', 'a+b@x.com')).toBe(`${PUBLIC_URL}/forgotpassword/tok_en-1/a%2Bb%40x.com`);
  });

  it('builds the set-password address with FN and LN standing in for unknown names', () => {
    expect(invitationLink(PUBLIC_URL, 'tok', 'a@x.com', 'José María', '')).toBe(
      `${PUBLIC_URL}/setpassword/a%40x.com/Jos%C3%A9%20Mar%C3%ADa/LN?token=tok`,
    );
    expect(invitationLink(PUBLIC_URL, 'tok', 'a@x.com', '', '')).toBe(`${PUBLIC_URL}/setpassword/a%40x.com/FN/LN?token=tok`);
  });
});

describe('reset mail', () => {
  const mail = resetMail({ publicUrl: PUBLIC_URL, token: 'abc', email: "o'neil@x.com" });

  it('has a plain-text and an HTML part carrying the same link, valid 8 hours', () => {
    const link = `${PUBLIC_URL}/forgotpassword/abc/o'neil%40x.com`;
    expect(mail.template).toBe('reset');
    expect(mail.links).toEqual([link]);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('valid for 8 hours');
    expect(mail.html).toContain(`href="${escapeHtml(link)}"`);
    expect(mail.html).toContain('valid for 8 hours');
  });

  it('escapes the email in HTML', () => {
    expect(mail.html).toContain('o&#39;neil@x.com');
    expect(mail.html).not.toContain("o'neil");
  });
});

describe('invitation mail', () => {
  const mail = invitationMail({
    publicUrl: PUBLIC_URL,
    token: 'tok',
    email: 'eve@x.com',
    firstName: '<script>alert(1)</script>',
    lastName: 'O"Hara',
    organization: 'Acme & Sons',
  });

  it('links to the set-password screen with the token, in both parts', () => {
    expect(mail.links).toHaveLength(1);
    expect(mail.links[0]).toMatch(new RegExp(`^${PUBLIC_URL}/setpassword/eve%40x\\.com/%3Cscript%3E.*/O%22Hara\\?token=tok$`));
    expect(mail.text).toContain(mail.links[0]);
    expect(mail.html).toContain(escapeHtml(mail.links[0]!));
    expect(mail.text).toContain('valid for 8 hours');
  });

  it('escapes every interpolated value in HTML and leaves the plain text as written', () => {
    expect(mail.html).not.toMatch(/<script>|O"Hara|Acme & Sons/);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Acme &amp; Sons');
    expect(mail.text).toContain('Hello <script>alert(1)</script>,');
  });
});

describe('password changed mail', () => {
  const mail = passwordChangedMail({ publicUrl: PUBLIC_URL, email: 'a<b>@x.com', changedAt: new Date('2026-03-01T09:30:00Z') });

  it('tells whom to contact and carries no link but the console address', () => {
    expect(mail.links).toEqual([]);
    expect(mail.text).toContain('If it was not you, contact your administrator');
    expect(mail.text).toContain(PUBLIC_URL);
    expect(mail.text).toContain('Mar 01 2026, 09:30 AM UTC');
    expect(mail.text).not.toMatch(/forgotpassword|setpassword|token/);
    expect(mail.html).not.toMatch(/<a |forgotpassword/);
    expect(mail.html).toContain('a&lt;b&gt;@x.com');
    expect(passwordChangedMail({ publicUrl: PUBLIC_URL, email: 'a@x.com', changedAt: new Date('2026-11-25T21:05:00Z') }).text).toContain(
      'Nov 25 2026, 09:05 PM UTC',
    );
  });
});

describe('the mail as the outbox shows it', () => {
  const token = 'Qm9sZC10b2tlbi1vZi10aGUtbWFpbC0wMTIzNDU2Nzg5';

  it('is the reset mail as sent with only the token hidden, in both parts', () => {
    const mail = resetMail({ publicUrl: PUBLIC_URL, token, email: 'ann@x.com' });
    expect(mail.masked.text).toBe(mail.text.replace(token, HIDDEN_TOKEN));
    expect(mail.masked.html).toBe(mail.html.replaceAll(token, HIDDEN_TOKEN));
    expect(mail.masked.text).toContain(`${PUBLIC_URL}/forgotpassword/${HIDDEN_TOKEN}/ann%40x.com`);
    expect(`${mail.masked.text}${mail.masked.html}`).not.toContain(token);
    expect(mail.links).toEqual([resetLink(PUBLIC_URL, token, 'ann@x.com')]);
  });

  it('is the invitation as sent with only the token hidden, names and wording kept', () => {
    const mail = invitationMail(
      { publicUrl: PUBLIC_URL, token, email: 'eve@x.com', firstName: 'Eve', lastName: 'Adams', organization: 'Acme' },
      { subject: 'Join {{organization}}', body: 'Hi {{firstName}}, welcome.' },
    );
    expect(mail.masked.text).toBe(mail.text.replace(token, HIDDEN_TOKEN));
    expect(mail.masked.text).toContain(`${PUBLIC_URL}/setpassword/eve%40x.com/Eve/Adams?token=${HIDDEN_TOKEN}`);
    expect(mail.masked.text).toContain('Hi Eve, welcome.');
    expect(`${mail.masked.text}${mail.masked.html}`).not.toContain(token);
  });

  it('is the mail itself when it carries no token', () => {
    for (const mail of [
      passwordChangedMail({ publicUrl: PUBLIC_URL, email: 'a@x.com', changedAt: new Date('2026-03-01T09:30:00Z') }),
      enquiryRejectedMail({ firstName: 'Ada', companyName: 'Example', reason: 'Not yet' }),
      testMail({ organization: 'Acme', server: 'smtp.acme.example:587' }),
    ]) {
      expect(mail.masked).toEqual({ text: mail.text, html: mail.html });
    }
  });
});
