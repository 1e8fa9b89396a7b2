import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GraphQLSession, signedIn } from '../support/graphql';
import { startMailSink, type MailSink } from '../support/mailSink';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

/**
 * An organisation's email settings over /graphql, with a real SMTP server of its own (a sink
 * started here): the test mail, its own wording of the invitation, a bad server's clear error,
 * and the provider's outbox saying what became of each mail.
 */

const SETTINGS_FIELDS =
  'organizationId senderName replyTo smtpHost smtpPort smtpSecurity smtpPasswordSet smtpFromAddress templates { template subject body source }';
const UPDATE = `mutation ($input: EmailSettingsInput!) { updateEmailSettings(input: $input) { settings { ${SETTINGS_FIELDS} } errors { code field message } } }`;
const TEST_MAIL = 'mutation { sendTestMail { sentTo server errors { code field message } } }';
const WORD = `mutation ($input: EmailTemplateInput!) { updateEmailTemplate(input: $input) { settings { templates { template source } } errors { field message } } }`;
const PREVIEW = 'query ($input: EmailTemplateInput!) { emailPreview(input: $input) { subject text html } }';
const OUTBOX = `query ($search: String) { outbox(search: $search, page: { limit: 10 }) { totalCount nodes { id to subject status error organizationName } } }`;
const MAIL_CONTENT = 'query ($id: ID!) { outboxMailContent(id: $id) { id text html } }';
const INVITE = `mutation ($input: InviteUserInput!) { inviteUser(input: $input) { user { email status } errors { code field message } } }`;

type Settings = {
  smtpHost: string | null;
  smtpPasswordSet: boolean;
  senderName: string | null;
  templates: { template: string; source: string }[];
};
type UserError = { code: string; field: string | null; message: string };

describe.each(DATABASES)('email settings over /graphql on %s', (kind) => {
  const stack = useStack(kind);
  let sink: MailSink;
  let acme: GraphQLSession;
  let provider: GraphQLSession;

  beforeAll(async () => {
    sink = await startMailSink();
    acme = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
  });
  afterAll(() => sink.close());

  const ownServer = (port = Number(new URL(sink.url).port)) => ({
    senderName: 'Acme People Team',
    replyTo: 'people@acme.local',
    smtpHost: '127.0.0.1',
    smtpPort: port,
    smtpSecurity: 'NONE',
    smtpPassword: 'Smtp-secret-42',
    smtpFromAddress: 'mailer@acme.local',
  });

  it('sends the test mail through the organisation’s own server, which a real SMTP server receives', async () => {
    const saved = await acme.request<{ updateEmailSettings: { settings: Settings; errors: UserError[] } }>(UPDATE, { input: ownServer() });
    expect(saved.data!.updateEmailSettings.errors).toEqual([]);
    expect(saved.data!.updateEmailSettings.settings).toMatchObject({ smtpHost: '127.0.0.1', smtpPasswordSet: true });
    expect(JSON.stringify(saved)).not.toContain('Smtp-secret-42');

    const sent = await acme.request<{ sendTestMail: { sentTo: string; server: string; errors: UserError[] } }>(TEST_MAIL);
    expect(sent.data!.sendTestMail).toEqual({ sentTo: 'admin@acme.local', server: `127.0.0.1:${new URL(sink.url).port}`, errors: [] });
    const mail = await sink.waitFor('admin@acme.local', (m) => m.subject === 'Test mail from Yozy Admin');
    expect(mail.text).toContain('From: Acme People Team <mailer@acme.local>');
    expect(mail.text).toContain('Reply-To: people@acme.local');
  });

  it('mails an invitation in the organisation’s wording through its server, and the outbox says it was sent', async () => {
    await acme.request(UPDATE, { input: ownServer() });
    const worded = await acme.request<{ updateEmailTemplate: { errors: UserError[] } }>(WORD, {
      input: {
        template: 'INVITATION',
        subject: 'Join {{organization}} on {{product}}',
        body: 'Hi {{firstName}},\n\nThe Acme people team set up your account.',
      },
    });
    expect(worded.data!.updateEmailTemplate.errors).toEqual([]);
    const [role] = await stack.db.query<{ id: string }>(
      `SELECT r.role_id::text AS id FROM roles r JOIN licences l ON l.product_id = r.product_id JOIN client_users u ON u.client_id = l.client_id
        WHERE u.email = 'admin@acme.local' AND r.is_active ORDER BY r.role_id LIMIT 1`,
    );
    const email = `olu.bello.${kind}@acme.local`;
    const invited = await acme.request<{ inviteUser: { errors: UserError[] } }>(INVITE, {
      input: { firstName: 'Olu', lastName: 'Bello', email, roleId: role!.id },
    });
    expect(invited.data!.inviteUser.errors).toEqual([]);
    const mail = await sink.waitFor(email);
    expect(mail.subject).toBe('Join Acme Corporation on Yozy Admin');
    expect(mail.text).toContain('Hi Olu,');
    expect(mail.text).toMatch(/\/setpassword\//);

    await expect
      .poll(
        async () =>
          (await provider.request<{ outbox: { nodes: { status: string }[] } }>(OUTBOX, { search: email })).data!.outbox.nodes[0]?.status,
      )
      .toBe('SENT');
    const listed = await provider.request<{ outbox: { nodes: { id: string; organizationName: string }[] } }>(OUTBOX, { search: email });
    const [invitation] = listed.data!.outbox.nodes;
    expect(invitation).toMatchObject({ organizationName: 'Acme Corporation' });
    // What it says is read one mail at a time, and each reading is in the organisation's audit log.
    const read = await provider.request<{ outboxMailContent: { id: string; text: string } }>(MAIL_CONTENT, { id: invitation!.id });
    expect(read.data!.outboxMailContent).toMatchObject({ id: invitation!.id, text: expect.stringContaining('Hi Olu,') });
    const audited = await stack.db.query<{ client_name: string }>(
      `SELECT c.company_name AS client_name FROM audit_log a JOIN clients c ON c.client_id = a.client_id
        WHERE a.action = 'mail.read' AND a.entity_id = $1`,
      [invitation!.id],
    );
    expect(audited).toEqual([{ client_name: 'Acme Corporation' }]);
    const refused = await acme.request(MAIL_CONTENT, { id: invitation!.id });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('keeps the test mail in the outbox when no mail server is set, as other mail, and says so', async () => {
    // Globex has no server of its own, the provider none either, and this stack no SMTP_URL.
    const globex = await signedIn(stack.gatewayUrl, 'admin@globex.local');
    const kept = await globex.request<{ sendTestMail: unknown }>(
      'mutation { sendTestMail { sentTo server keptInOutbox errors { code field message } } }',
    );
    expect(kept.data!.sendTestMail).toEqual({ sentTo: 'admin@globex.local', server: null, keptInOutbox: true, errors: [] });
    const outbox = await provider.request<{ outbox: { nodes: { subject: string; status: string; error: string | null; to: string }[] } }>(
      OUTBOX,
      { search: 'admin@globex.local' },
    );
    const test = outbox.data!.outbox.nodes.find((mail) => /test/i.test(mail.subject));
    expect(test).toMatchObject({ to: 'admin@globex.local', status: 'KEPT', error: null });
  });

  it('says clearly why a server that cannot be reached did not take the test mail', async () => {
    await acme.request(UPDATE, { input: ownServer(9) });
    const refused = await acme.request<{ sendTestMail: { sentTo: string | null; errors: UserError[] } }>(TEST_MAIL);
    expect(refused.data!.sendTestMail.sentTo).toBeNull();
    expect(refused.data!.sendTestMail.errors[0]).toMatchObject({ field: 'smtpHost' });
    expect(refused.data!.sendTestMail.errors[0]!.message).toMatch(/^The test mail was not sent: .*(ECONNREFUSED|connect)/i);
    await acme.request(UPDATE, { input: ownServer() });
  });

  it('refuses an incomplete server with the field named and keeps what was saved', async () => {
    const before = await acme.request('{ emailSettings { ' + SETTINGS_FIELDS + ' } }');
    const refused = await acme.request<{ updateEmailSettings: { settings: null; errors: UserError[] } }>(UPDATE, {
      input: { ...ownServer(), smtpFromAddress: '' },
    });
    expect(refused.data!.updateEmailSettings.errors[0]).toMatchObject({ field: 'smtpFromAddress' });
    expect(await acme.request('{ emailSettings { ' + SETTINGS_FIELDS + ' } }')).toMatchObject({ data: before.data });
  });

  it('previews a wording with sample values before it is saved', async () => {
    const preview = await acme.request<{ emailPreview: { subject: string; text: string } }>(PREVIEW, {
      input: { template: 'RESET', subject: 'Password help for {{email}}', body: 'Hello,\n\nSomeone asked to reset {{email}}.' },
    });
    expect(preview.data!.emailPreview.subject).toBe('Password help for ada@example.com');
    expect(preview.data!.emailPreview.text).toContain('Someone asked to reset ada@example.com.');
    expect(preview.data!.emailPreview.text).toContain('/forgotpassword/sample-token/');
  });

  it('keeps a mail of an organisation without a server in the outbox, and the provider reads it there', async () => {
    const globex = await signedIn(stack.gatewayUrl, 'admin@globex.local');
    const [role] = await stack.db.query<{ id: string }>(
      `SELECT r.role_id::text AS id FROM roles r JOIN licences l ON l.product_id = r.product_id JOIN client_users u ON u.client_id = l.client_id
        WHERE u.email = 'admin@globex.local' AND r.is_active ORDER BY r.role_id LIMIT 1`,
    );
    const email = `kept.${kind}@globex.local`;
    const invited = await globex.request<{ inviteUser: { errors: UserError[] } }>(INVITE, {
      input: { firstName: 'Kept', lastName: 'Here', email, roleId: role!.id },
    });
    expect(invited.data!.inviteUser.errors).toEqual([]);
    const listed = await provider.request<{ outbox: { nodes: { id: string; status: string; subject: string }[] } }>(OUTBOX, {
      search: email,
    });
    expect(listed.data!.outbox.nodes[0]).toMatchObject({ status: 'KEPT', subject: 'You are invited to Yozy Admin' });
    const read = await provider.request<{ outboxMailContent: { text: string } }>(MAIL_CONTENT, { id: listed.data!.outbox.nodes[0]!.id });
    expect(read.data!.outboxMailContent.text).toMatch(/\/setpassword\//);
    expect(sink.received.some((mail) => mail.to.includes(email))).toBe(false);
    expect((await globex.request(OUTBOX)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
