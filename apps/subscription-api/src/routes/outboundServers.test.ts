import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { startRestApi, type ErrorBody, type RestApi } from '../testing/restApi';

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
  api = await startRestApi({ allowHttpIssuers: true, allowPrivateNetwork: false });
  acmeAdmin = await api.signIn('admin@acme.local');
  superAdmin = await api.signIn('admin@yozy.local');
  const [provider] = await api.db.query<{ client_id: number }>('SELECT client_id FROM clients WHERE is_provider');
  providerId = provider!.client_id;
});
afterAll(async () => {
  await api.stop();
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
  it('does not let an organisation admin reach this machine or a private network through its mail server', async () => {
    for (const host of ['127.0.0.1', 'localhost']) {
      expect((await api.call('PATCH', '/subscription_email_settings', serverOn(host), { token: acmeAdmin })).status).toBe(200);
      received.length = 0;
      const test = await api.post<ErrorBody>('/subscription_email_settings/test', {}, acmeAdmin);
      expect(test.status).toBe(400);
      expect(test.body.error).toMatchObject({
        field: 'SmtpHost',
        message: `The test mail was not sent: ${host} is an address of this machine or of a private network; use a server on the internet`,
      });
      expect(received).toEqual([]);
    }
    const [kept] = await api.db.query<{ error: string; sent_at: string | null }>(
      "SELECT error, sent_at FROM mail_outbox WHERE to_address = 'admin@acme.local' ORDER BY mail_id DESC LIMIT 1",
    );
    expect(kept).toMatchObject({ sent_at: null, error: expect.stringContaining('private network') });
  });

  it('lets the provider use a mail server on its own network', async () => {
    const saved = await api.call(
      'PATCH',
      '/subscription_email_settings',
      { ...serverOn('127.0.0.1'), ClientId: providerId },
      { token: superAdmin },
    );
    expect(saved.status).toBe(200);
    received.length = 0;
    const test = await api.post<{ SentTo: string }>('/subscription_email_settings/test', { ClientId: providerId }, superAdmin);
    expect(test.status).toBe(200);
    expect(received).toEqual(['admin@yozy.local']);
  });

  it('does not read an identity provider on this machine or a cloud metadata address', async () => {
    for (const issuer of [`http://127.0.0.1:${port}`, 'http://localhost:9', 'http://169.254.169.254']) {
      const answer = await api.post<ErrorBody>('/subscription_sso_settings/discover', { Issuer: issuer }, acmeAdmin);
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toMatch(
        /^The issuer’s discovery document could not be read: .* is an address of this machine or of a private network/,
      );
    }
  });
});
