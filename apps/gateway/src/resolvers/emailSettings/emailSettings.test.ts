import { describe, expect, it, vi } from 'vitest';
import type { EmailSettingsRecord } from '#datasources/types';
import { restError } from '#errors';
import { CALLERS, execute, fakeContext } from '#testing/fakes';

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

describe('sending a given-up mail again', () => {
  const RETRY =
    'mutation ($id: ID!) { retryOutboxMail(id: $id) { mail { id status attempts nextAttemptAt error } errors { code field message } } }';
  const QUEUED = {
    MailId: 7,
    ToAddress: 'ann@acme.local',
    Subject: 'Reset',
    Template: 'reset',
    ClientId: 2,
    CompanyName: 'Acme Corporation',
    Status: 'RETRYING',
    Error: '550 Mailbox unavailable',
    Attempts: 9,
    NextAttemptAt: '2026-11-27T05:00:00+00:00',
    CreatedAt: '2026-11-26T05:00:00+00:00',
    SentAt: null,
  };

  it('queues it again for a SuperAdmin signed in as themselves, with its tries and next try', async () => {
    const retryOutboxMail = vi.fn(async () => QUEUED);
    const answer = await execute(
      RETRY,
      { id: '7' },
      fakeContext({ viewer: CALLERS.superAdmin, sources: { platform: { retryOutboxMail } } }),
    );
    expect(answer.data).toEqual({
      retryOutboxMail: {
        mail: { id: '7', status: 'RETRYING', attempts: 9, nextAttemptAt: '2026-11-27T05:00:00.000Z', error: '550 Mailbox unavailable' },
        errors: [],
      },
    });
    expect(retryOutboxMail).toHaveBeenCalledWith(7);
  });

  it('answers a mail that was not given up with the REST service’s conflict on the id', async () => {
    const retryOutboxMail = vi.fn(() =>
      Promise.reject(restError(409, { code: 'CONFLICT', message: 'Only a mail that was given up can be sent again', field: 'MailId' })),
    );
    const answer = await execute(
      RETRY,
      { id: '7' },
      fakeContext({ viewer: CALLERS.superAdmin, sources: { platform: { retryOutboxMail } } }),
    );
    expect(answer.data).toEqual({
      retryOutboxMail: {
        mail: null,
        errors: [{ code: 'CONFLICT', field: 'id', message: 'Only a mail that was given up can be sent again' }],
      },
    });
  });

  it.each([
    ['orgAdminOfA', false, 'FORBIDDEN'],
    ['superAdmin', true, 'FORBIDDEN'],
  ] as const)('refuses %s (API key: %s) with %s without asking the REST service', async (caller, usesApiKey, code) => {
    const retryOutboxMail = vi.fn(async () => QUEUED);
    const context = fakeContext({ viewer: CALLERS[caller], usesApiKey, sources: { platform: { retryOutboxMail } } });
    expect((await execute(RETRY, { id: '7' }, context)).errors?.[0]?.extensions).toEqual({ code });
    expect(retryOutboxMail).not.toHaveBeenCalled();
  });
});
