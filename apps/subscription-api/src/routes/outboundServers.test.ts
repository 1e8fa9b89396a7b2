import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { openRestApi, type RestApi } from '#testing/restApi';

/** A mail server on this machine: what an organisation admin must not make the service reach. */
const received: string[] = [];
const sink = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      received.push(...session.envelope.rcptTo.map((r) => r.address));
      callback();
    });
  },
});

let api: RestApi;
let port: number;
let acmeAdmin: string;
let superAdmin: string;
let providerId: number;
beforeAll(async () => {
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  port = (sink.server.address() as AddressInfo).port;
  // As in production: organisations' servers must be on the internet.
  api = await openRestApi({ allowHttpIssuers: true, allowPrivateNetwork: false });
  acmeAdmin = await api.signIn('admin@acme.local');
  superAdmin = await api.signIn('admin@yozy.local');
  const [provider] = await api.db.query<{ client_id: number }>('SELECT client_id FROM clients WHERE is_provider');
  providerId = provider!.client_id;
});
afterAll(async () => {
  await api.close();
  await new Promise<void>((resolve) => sink.close(resolve));
});

const serverOn = (host: string) => ({
  SenderName: null,
  ReplyTo: null,
  SmtpHost: host,
  SmtpPort: port,
  SmtpSecurity: 'NONE',
  SmtpUsername: null,
  SmtpFromAddress: 'mailer@acme.local',
});

describe('servers an organisation names are on the internet', () => {
  it('refuses an organisation’s mail server on this machine or a private network when it is saved, changing nothing', async () => {
    const before = await api.agent.get('/subscription_email_settings').auth(acmeAdmin, { type: 'bearer' });
    for (const host of ['127.0.0.1', 'localhost', '10.0.0.25', '169.254.169.254']) {
      const saved = await api.agent.patch('/subscription_email_settings').auth(acmeAdmin, { type: 'bearer' }).send(serverOn(host));
      expect(saved.status).toBe(400);
      expect(saved.body.error).toMatchObject({
        field: 'SmtpHost',
        message: `${host} is an address of this machine or of a private network; use a server on the internet`,
      });
    }
    expect((await api.agent.get('/subscription_email_settings').auth(acmeAdmin, { type: 'bearer' })).body).toEqual(before.body);
  });

  it('does not connect to a private address at the moment of sending either (a name can change what it points to)', async () => {
    const [acme] = await api.db.query<{ client_id: number }>("SELECT client_id FROM client_users WHERE email = 'admin@acme.local'");
    await api.db.query(
      `INSERT INTO email_settings (client_id, smtp_host, smtp_port, smtp_security, smtp_from_address, updated_at)
       VALUES ($1, 'localhost', $2, 'NONE', 'mailer@acme.local', now())
       ON CONFLICT (client_id) DO UPDATE SET smtp_host = 'localhost', smtp_port = $2, smtp_security = 'NONE',
         smtp_from_address = 'mailer@acme.local'`,
      [acme!.client_id, port],
    );
    received.length = 0;
    const test = await api.agent.post('/subscription_email_settings/test').auth(acmeAdmin, { type: 'bearer' }).send({});
    expect(test.status).toBe(400);
    expect(test.body.error).toMatchObject({
      field: 'SmtpHost',
      message: 'The test mail was not sent: localhost is an address of this machine or of a private network; use a server on the internet',
    });
    expect(received).toEqual([]);
    const [kept] = await api.db.query<{ error: string; sent_at: string | null }>(
      "SELECT error, sent_at FROM mail_outbox WHERE to_address = 'admin@acme.local' ORDER BY mail_id DESC LIMIT 1",
    );
    expect(kept).toMatchObject({ sent_at: null, error: expect.stringContaining('private network') });
    await api.db.query('DELETE FROM email_settings WHERE client_id = $1', [acme!.client_id]);
  });

  it('lets the provider use a mail server on its own network', async () => {
    const saved = await api.agent
      .patch('/subscription_email_settings')
      .auth(superAdmin, { type: 'bearer' })
      .send({ ...serverOn('127.0.0.1'), ClientId: providerId });
    expect(saved.status).toBe(200);
    received.length = 0;
    const test = await api.agent
      .post('/subscription_email_settings/test')
      .auth(superAdmin, { type: 'bearer' })
      .send({ ClientId: providerId });
    expect(test.status).toBe(200);
    expect(received).toEqual(['admin@yozy.local']);
  });

  it('refuses an identity provider on this machine when single sign-on is saved, and does not read one', async () => {
    const saved = await api.agent
      .patch('/subscription_sso_settings')
      .auth(acmeAdmin, { type: 'bearer' })
      .send({
        Enabled: true,
        Issuer: `http://127.0.0.1:${port}`,
        OidcClientId: 'console',
        ClientSecret: 'a-secret-of-the-provider',
        Domains: ['acme.local'],
        RequireSso: false,
        AllowJit: false,
      });
    expect(saved.status).toBe(400);
    expect(saved.body.error).toMatchObject({
      field: 'Issuer',
      message: expect.stringContaining('127.0.0.1 is an address of this machine'),
    });
    expect(await api.db.query('SELECT 1 FROM sso_settings')).toEqual([]);

    for (const issuer of [`http://127.0.0.1:${port}`, 'http://localhost:9', 'http://169.254.169.254']) {
      const answer = await api.agent
        .post('/subscription_sso_settings/discover')
        .auth(acmeAdmin, { type: 'bearer' })
        .send({ Issuer: issuer });
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toMatch(
        /^The issuer’s discovery document could not be read: .* is an address of this machine or of a private network/,
      );
    }
  });
});
