import { describe, expect, it, vi } from 'vitest';
import type { EmailSettingsRecord } from '../../datasources/types';
import { restError } from '../../errors';
import { CALLERS, execute, fakeContext } from '../../testing/fakes';

const SETTINGS = /* GraphQL */ `
  query ($organizationId: ID) {
    emailSettings(organizationId: $organizationId) {
      organizationId
      smtpHost
      smtpSecurity
      smtpPasswordSet
      templates {
        template
        subject
        source
      }
    }
  }
`;

const WORD = /* GraphQL */ `
  mutation ($organizationId: ID) {
    updateEmailTemplate(organizationId: $organizationId, input: { template: ENQUIRY_REJECTED, subject: "S", body: "{{nope}}" }) {
      settings {
        organizationId
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

const RECORD: EmailSettingsRecord = {
  ClientId: 2,
  SenderName: null,
  ReplyTo: null,
  SmtpHost: 'smtp.acme.example',
  SmtpPort: 587,
  SmtpSecurity: 'STARTTLS',
  SmtpUsername: 'mailer',
  SmtpPasswordSet: true,
  SmtpFromAddress: 'mail@acme.example',
  UpdatedAt: null,
  Templates: [
    { Template: 'enquiry_rejected', Subject: 'Your {{product}} enquiry', Body: 'Hello', Source: 'DEFAULT', Placeholders: ['firstName'] },
  ],
};

describe('email settings', () => {
  it('answers the settings with the templates’ names as the schema spells them, and no password', async () => {
    const getEmailSettings = vi.fn(async () => RECORD);
    const answer = await execute(SETTINGS, {}, fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { settings: { getEmailSettings } } }));
    expect(answer.data).toEqual({
      emailSettings: {
        organizationId: '2',
        smtpHost: 'smtp.acme.example',
        smtpSecurity: 'STARTTLS',
        smtpPasswordSet: true,
        templates: [{ template: 'ENQUIRY_REJECTED', subject: 'Your {{product}} enquiry', source: 'DEFAULT' }],
      },
    });
  });

  it('sends the mail’s name in the REST service’s spelling, and names the field it refused', async () => {
    const updateEmailTemplate = vi.fn(() =>
      Promise.reject(restError(400, { code: 'BAD_REQUEST', message: '{{nope}} is not a value of this mail', field: 'Body' })),
    );
    const answer = await execute(WORD, {}, fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { settings: { updateEmailTemplate } } }));
    expect(updateEmailTemplate).toHaveBeenCalledWith(undefined, { Template: 'enquiry_rejected', Subject: 'S', Body: '{{nope}}' });
    expect(answer.data).toEqual({
      updateEmailTemplate: {
        settings: null,
        errors: [{ code: 'BAD_USER_INPUT', field: 'body', message: '{{nope}} is not a value of this mail' }],
      },
    });
  });

  it.each([
    ['anonymous', 'UNAUTHENTICATED'],
    ['memberOfA', 'FORBIDDEN'],
  ] as const)('refuses %s with %s without asking the REST service', async (caller, code) => {
    const getEmailSettings = vi.fn(async () => RECORD);
    const context = fakeContext({ viewer: CALLERS[caller], sources: { settings: { getEmailSettings } } });
    expect((await execute(SETTINGS, {}, context)).errors?.[0]?.extensions).toEqual({ code });
    expect(getEmailSettings).not.toHaveBeenCalled();
  });

  it('refuses an organisation admin another organisation’s settings without asking the REST service', async () => {
    const getEmailSettings = vi.fn(async () => RECORD);
    const context = fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { settings: { getEmailSettings } } });
    const answer = await execute(SETTINGS, { organizationId: '999' }, context);
    expect(answer.errors?.[0]?.extensions).toEqual({ code: 'FORBIDDEN' });
    expect(getEmailSettings).not.toHaveBeenCalled();
  });
});

describe('the outbox mail content', () => {
  const CONTENT = 'query ($id: ID!) { outboxMailContent(id: $id) { id text html } }';
  const MAIL = { MailId: 7, TextBody: 'Choose a new password: /forgotpassword/••••••/a%40x.com', HtmlBody: '<p>…</p>' };

  it('answers a SuperAdmin signed in as themselves the mail as the REST service shows it', async () => {
    const readOutboxMail = vi.fn(async () => MAIL);
    const answer = await execute(
      CONTENT,
      { id: '7' },
      fakeContext({ viewer: CALLERS.superAdmin, sources: { platform: { readOutboxMail } } }),
    );
    expect(answer.data).toEqual({ outboxMailContent: { id: '7', text: MAIL.TextBody, html: MAIL.HtmlBody } });
    expect(readOutboxMail).toHaveBeenCalledWith('7');
  });

  it.each([
    ['orgAdminOfA', false, 'FORBIDDEN'],
    ['superAdmin', true, 'FORBIDDEN'],
  ] as const)('refuses %s (API key: %s) with %s without asking the REST service', async (caller, usesApiKey, code) => {
    const readOutboxMail = vi.fn(async () => MAIL);
    const context = fakeContext({ viewer: CALLERS[caller], usesApiKey, sources: { platform: { readOutboxMail } } });
    expect((await execute(CONTENT, { id: '7' }, context)).errors?.[0]?.extensions).toEqual({ code });
    expect(readOutboxMail).not.toHaveBeenCalled();
  });
});
