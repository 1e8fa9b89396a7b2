import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { openRestApi, type RestApi } from '#testing/restApi';

type Settings = {
  ClientId: number;
  SenderName: string | null;
  ReplyTo: string | null;
  SmtpHost: string | null;
  SmtpPort: number | null;
  SmtpSecurity: string;
  SmtpUsername: string | null;
  SmtpPasswordSet: boolean;
  SmtpFromAddress: string | null;
  Templates: { Template: string; Subject: string; Body: string; Source: string }[];
};

const PATH = '/subscription_email_settings';
const TEMPLATES = '/subscription_email_templates';

/** A real SMTP server that wants a user name and password, keeping what it is sent. */
const received: { from: string; to: string[]; data: string }[] = [];
const sink = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === 'acme-mailer' && auth.password === 'S3cret-smtp!') return callback(null, { user: auth.username });
    callback(new Error('Invalid username or password'));
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        data: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

let api: RestApi;
let acmeAdmin: string;
let port: number;
beforeAll(async () => {
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  port = (sink.server.address() as AddressInfo).port;
  api = await openRestApi();
  acmeAdmin = await api.signIn('admin@acme.local');
});
afterAll(async () => {
  await api.close();
  await new Promise<void>((resolve) => sink.close(resolve));
});

const acmeServer = () => ({
  SenderName: 'Acme People Team',
  ReplyTo: 'people@acme.local',
  SmtpHost: '127.0.0.1',
  SmtpPort: port,
  SmtpSecurity: 'NONE',
  SmtpUsername: 'acme-mailer',
  SmtpPassword: 'S3cret-smtp!',
  SmtpFromAddress: 'mailer@acme.local',
});

describe('email settings', () => {
  it('keeps the SMTP password sealed, never answers it, and keeps it when the form leaves it empty', async () => {
    const saved = await api.agent.patch(PATH).auth(acmeAdmin, { type: 'bearer' }).send(acmeServer());
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ SmtpHost: '127.0.0.1', SmtpPasswordSet: true, SenderName: 'Acme People Team' });
    expect(JSON.stringify(saved.body)).not.toContain('S3cret-smtp!');
    const [row] = await api.db.query<{ smtp_password_sealed: string }>(
      'SELECT smtp_password_sealed FROM email_settings WHERE client_id = $1',
      [saved.body.ClientId],
    );
    expect(row!.smtp_password_sealed).toMatch(/^v1\./);
    expect(row!.smtp_password_sealed).not.toContain('S3cret');
    const audited = await api.db.query<{ row: string }>(
      "SELECT a::text AS row FROM audit_log a WHERE action = 'organization.email_settings_change'",
    );
    expect(audited.length).toBeGreaterThan(0);
    expect(audited.some((entry) => entry.row.includes('S3cret'))).toBe(false);

    const again = await api.agent
      .patch(PATH)
      .auth(acmeAdmin, { type: 'bearer' })
      .send({ ...acmeServer(), SmtpPassword: '' });
    expect(again.body.SmtpPasswordSet).toBe(true);
  });

  it('sends the test mail through the organisation’s own server, signed with its sender and reply-to', async () => {
    await api.agent.patch(PATH).auth(acmeAdmin, { type: 'bearer' }).send(acmeServer());
    received.length = 0;
    const sent = await api.agent.post(`${PATH}/test`).auth(acmeAdmin, { type: 'bearer' }).send({});
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ SentTo: 'admin@acme.local', Server: `127.0.0.1:${port}`, KeptInOutbox: false });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'mailer@acme.local', to: ['admin@acme.local'] });
    expect(received[0]!.data).toContain('From: Acme People Team <mailer@acme.local>');
    expect(received[0]!.data).toContain('Reply-To: people@acme.local');
  });

  it('keeps the test mail in the outbox, as other mail, when no mail server is set, and answers so', async () => {
    const globexAdmin = await api.signIn('admin@globex.local');
    const kept = await api.agent.post(`${PATH}/test`).auth(globexAdmin, { type: 'bearer' }).send({});
    expect(kept.status).toBe(200);
    expect(kept.body).toEqual({ SentTo: 'admin@globex.local', Server: null, KeptInOutbox: true });
    const [mail] = await api.db.query<{ subject: string; sent_at: string | null; failed_at: string | null; error: string | null }>(
      `SELECT subject, sent_at, failed_at, error FROM mail_outbox WHERE to_address = 'admin@globex.local' ORDER BY mail_id DESC LIMIT 1`,
    );
    expect(mail).toEqual({ subject: 'Test mail from Yozy Admin', sent_at: null, failed_at: null, error: null });
  });

  it('mails the organisation’s invitations through its server, in its own wording', async () => {
    await api.agent.patch(PATH).auth(acmeAdmin, { type: 'bearer' }).send(acmeServer());
    const worded = await api.agent.patch(TEMPLATES).auth(acmeAdmin, { type: 'bearer' }).send({
      Template: 'invitation',
      Subject: 'Welcome to {{organization}}',
      Body: 'Hi {{firstName}},\n\nAcme uses {{product}} for everything.',
    });
    expect(worded.body.Templates.find((t: Settings['Templates'][number]) => t.Template === 'invitation')).toMatchObject({
      Source: 'OWN',
      Subject: 'Welcome to {{organization}}',
    });
    received.length = 0;
    const [role] = await api.db.query<{ role_id: number }>(
      `SELECT r.role_id FROM roles r JOIN licences l ON l.product_id = r.product_id
        WHERE l.client_id = $1 AND r.is_active ORDER BY r.role_id LIMIT 1`,
      [worded.body.ClientId],
    );
    const invited = await api.agent
      .post('/subscription/usercreation')
      .auth(acmeAdmin, { type: 'bearer' })
      .send({ UserFirstname: 'Nia', UserLastname: 'Okafor', OfficialEmail: 'nia.okafor@acme.local', RoleId: role!.role_id });
    expect(invited.status, JSON.stringify(invited.body)).toBeLessThan(300);
    await api.mailer.idle();
    const mail = received.find((m) => m.to.includes('nia.okafor@acme.local'));
    expect(mail?.data).toContain('Subject: Welcome to Acme Corporation');
    expect(mail?.data).toContain('Hi Nia,');
    expect(mail?.data).toMatch(/setpassword\/nia\.okafor%40acme\.local/);
    const [outbox] = await api.db.query<{ sent_at: string | null; client_id: number }>(
      "SELECT sent_at, client_id FROM mail_outbox WHERE to_address = 'nia.okafor@acme.local'",
    );
    expect(outbox).toMatchObject({ client_id: worded.body.ClientId });
    expect(outbox!.sent_at).not.toBeNull();

    const back = await api.agent.post(`${TEMPLATES}/reset`).auth(acmeAdmin, { type: 'bearer' }).send({ Template: 'invitation' });
    expect(back.body.Templates.find((t: Settings['Templates'][number]) => t.Template === 'invitation')).toMatchObject({
      Source: 'DEFAULT',
      Subject: 'You are invited to {{product}}',
    });
  });

  it('says clearly why a bad server did not take the test mail, and a wrong password too', async () => {
    await api.agent
      .patch(PATH)
      .auth(acmeAdmin, { type: 'bearer' })
      .send({ ...acmeServer(), SmtpPassword: 'wrong-password' });
    const refused = await api.agent.post(`${PATH}/test`).auth(acmeAdmin, { type: 'bearer' }).send({});
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ field: 'SmtpHost' });
    expect(refused.body.error.message).toMatch(/^The test mail was not sent: .*Invalid (username or password|login)/);

    await api.agent
      .patch(PATH)
      .auth(acmeAdmin, { type: 'bearer' })
      .send({ ...acmeServer(), SmtpPort: 9 });
    const unreachable = await api.agent.post(`${PATH}/test`).auth(acmeAdmin, { type: 'bearer' }).send({});
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.error.message).toMatch(/^The test mail was not sent: .*(ECONNREFUSED|connect)/i);
  });

  it('refuses bad settings and unknown placeholders, naming the field, and changes nothing', async () => {
    const before = await api.agent.get(PATH).auth(acmeAdmin, { type: 'bearer' });
    const noPort = await api.agent
      .patch(PATH)
      .auth(acmeAdmin, { type: 'bearer' })
      .send({ ...acmeServer(), SmtpPort: null });
    expect(noPort.body.error).toMatchObject({ field: 'SmtpPort' });
    const badReply = await api.agent
      .patch(PATH)
      .auth(acmeAdmin, { type: 'bearer' })
      .send({ ...acmeServer(), ReplyTo: 'not-an-address' });
    expect(badReply.body.error).toMatchObject({ field: 'ReplyTo' });
    const unknown = await api.agent
      .patch(TEMPLATES)
      .auth(acmeAdmin, { type: 'bearer' })
      .send({ Template: 'reset', Subject: 'Reset', Body: 'Hello {{firstName}}' });
    expect(unknown.body.error).toMatchObject({ field: 'Body' });
    expect(unknown.body.error.message).toContain('{{firstName}} is not a value of this mail');
    expect((await api.agent.get(PATH).auth(acmeAdmin, { type: 'bearer' })).body).toEqual(before.body);
  });

  it('previews a wording with sample values, escaped in HTML, without saving it', async () => {
    const preview = await api.agent
      .post(`${TEMPLATES}/preview`)
      .auth(acmeAdmin, { type: 'bearer' })
      .send({ Template: 'enquiry_rejected', Subject: 'About {{companyName}}', Body: 'Dear {{firstName}} <b>,\n\nReason: {{reason}}' });
    expect(preview.body.Subject).toBe('About Example Corporation');
    expect(preview.body.Text).toContain('Dear Ada <b>,');
    expect(preview.body.Html).toContain('Dear Ada &lt;b&gt;,');
    const stored = await api.db.query("SELECT 1 FROM mail_templates WHERE subject = 'About {{companyName}}'");
    expect(stored).toEqual([]);
  });

  it('keeps organisations apart: an organisation admin cannot read or change another’s', async () => {
    const [globex] = await api.db.query<{ client_id: number }>("SELECT client_id FROM client_users WHERE email = 'admin@globex.local'");
    expect((await api.agent.get(`${PATH}?ClientId=${globex!.client_id}`).auth(acmeAdmin, { type: 'bearer' })).status).toBe(403);
    expect(
      (
        await api.agent
          .patch(PATH)
          .auth(acmeAdmin, { type: 'bearer' })
          .send({ ...acmeServer(), ClientId: globex!.client_id })
      ).status,
    ).toBe(403);
    expect((await api.agent.post(`${PATH}/test`).auth(acmeAdmin, { type: 'bearer' }).send({ ClientId: globex!.client_id })).status).toBe(
      403,
    );
    expect((await api.agent.get('/platform/outbox?limit=1').auth(acmeAdmin, { type: 'bearer' })).status).toBe(403);
    const [mail] = await api.db.query<{ mail_id: number }>('SELECT mail_id FROM mail_outbox LIMIT 1');
    expect((await api.agent.get(`/platform/outbox_content?MailId=eq.${mail!.mail_id}`).auth(acmeAdmin, { type: 'bearer' })).status).toBe(
      403,
    );
  });

  it('lists the outbox without what the mails say, shows one as sent with its link’s token hidden, and audits every reading in its organisation’s log', async () => {
    const superAdmin = await api.signIn('admin@yozy.local');
    const listed = await api.agent.get('/platform/outbox?order=CreatedAt.desc&limit=50').auth(superAdmin, { type: 'bearer' });
    expect(listed.status).toBe(200);
    expect(Object.keys(listed.body[0]!)).not.toContain('TextBody');
    expect(JSON.stringify(listed.body)).not.toMatch(/https?:\/\/[^"]*token/i);

    const [invitation] = await api.db.query<{ mail_id: number; client_id: number; text_body: string; html_body: string }>(
      "SELECT mail_id, client_id, text_body, html_body FROM mail_outbox WHERE template = 'invitation' AND client_id IS NOT NULL LIMIT 1",
    );
    const token = /[?&]token=([\w-]+)/.exec(invitation!.text_body)![1]!;
    const read = await api.agent.get(`/platform/outbox_content?MailId=eq.${invitation!.mail_id}`).auth(superAdmin, { type: 'bearer' });
    expect(read.status).toBe(200);
    expect(read.body.TextBody).toBe(invitation!.text_body.replace(`token=${token}`, 'token=••••••'));
    expect(read.body.HtmlBody).toBe(invitation!.html_body.replaceAll(`token=${token}`, 'token=••••••'));
    expect(JSON.stringify(read.body)).not.toContain(token);

    // A tool's key never reads a mail, even a SuperAdmin's key; nothing is audited for it.
    const key = await api.agent
      .post('/platform/api-keys')
      .auth(superAdmin, { type: 'bearer' })
      .send({ Name: 'Outbox reader', Access: 'READ' });
    const refused = await api.agent
      .get(`/platform/outbox_content?MailId=eq.${invitation!.mail_id}`)
      .auth(key.body.Secret, { type: 'bearer' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    const logged = await api.db.query<{ client_id: number; entity_id: string; actor: string }>(
      `SELECT a.client_id, a.entity_id, u.email AS actor FROM audit_log a JOIN client_users u ON u.user_id = a.actor_user_id
        WHERE a.action = 'mail.read'`,
    );
    expect(logged).toEqual([{ client_id: invitation!.client_id, entity_id: String(invitation!.mail_id), actor: 'admin@yozy.local' }]);
  });
});
