import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#db/database';
import { openRestApi, type RestApi } from '#testing/restApi';
import { startSmtpServer, type TestSmtpServer } from '#testing/smtpServer';
import { openPostgresCopy, openTestDatabase } from '#testing/testDatabase';
import { TEST_DATABASE_KINDS } from '#testing/testDatabases';
import { createMailer, type Mailer } from './mailer';
import { insertIntoOutbox } from './outbox';
import { resetMail } from './templates';

type OutboxMail = {
  MailId: number;
  ToAddress: string;
  Status: string;
  Attempts: number;
  NextAttemptAt: string | null;
  Error: string | null;
};

/** Waits until `check` holds, looking every 50 ms, for at most `timeoutMs`. */
async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const receivedBy = (smtp: TestSmtpServer, to: string) => smtp.received.filter((mail) => mail.to.includes(to)).length;

async function outboxOf(api: RestApi, token: string, to: string): Promise<OutboxMail[]> {
  const answer = await api.agent.get(`/platform/outbox?ToAddress=eq.${encodeURIComponent(to)}`).auth(token, { type: 'bearer' });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function webMemberRole(api: RestApi) {
  const [role] = await api.db.query<{ role_id: number }>(
    "SELECT r.role_id FROM roles r JOIN products p USING (product_id) WHERE p.product_code = 'YOZY-WEB' AND r.role_name = 'Member'",
  );
  return role!.role_id;
}

const invitation = (email: string, roleId: number) => ({
  UserFirstname: 'Quinn',
  UserLastname: 'Queue',
  OfficialEmail: email,
  DepartmentName: 'Research',
  DepartmentCode: 'RND',
  Phone: '+1 555 0100',
  RoleId: roleId,
});

describe('mail while the mail server is down', () => {
  let api: RestApi;
  let smtp: TestSmtpServer;
  let tokens: Record<'admin@yozy.local' | 'admin@acme.local', string>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    await smtp.stop();
    api = await openRestApi({ mail: { smtpUrl: smtp.url, queue: { retryFirstMs: 300, retryMaxMs: 600, pollMs: 50 } } });
    tokens = await api.signInEach(['admin@yozy.local', 'admin@acme.local']);
    api.mailer.start();
  });
  afterAll(async () => {
    api.mailer.stop();
    await api.mailer.idle();
    api.mailer.close();
    await api.close();
    await smtp.stop();
  });

  it('is queued for another try, then delivered once when the server is back', async () => {
    const invitee = 'quinn.queue@acme.local';
    const resetter = 'marcus.lee@acme.local';
    const invited = await api.agent
      .post('/subscription/usercreation')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send(invitation(invitee, await webMemberRole(api)));
    expect(invited.status).toBe(201);
    expect((await api.agent.post('/auth/password/request').send({ email: resetter })).status).toBe(202);
    await api.mailer.idle();

    for (const to of [invitee, resetter]) {
      const [mail] = await outboxOf(api, tokens['admin@yozy.local'], to);
      expect(mail).toMatchObject({ ToAddress: to, Status: 'RETRYING' });
      expect(mail!.Attempts).toBeGreaterThanOrEqual(1);
      expect(mail!.Error).toMatch(/ECONNREFUSED/);
      expect(Date.parse(mail!.NextAttemptAt!)).toBeGreaterThan(Date.now() - 1000);
    }
    expect(smtp.received).toEqual([]);

    await smtp.start();
    await eventually(() => receivedBy(smtp, invitee) > 0 && receivedBy(smtp, resetter) > 0);
    // Several more looks at the queue: nothing goes out a second time.
    await pause(500);
    await api.mailer.idle();
    expect([receivedBy(smtp, invitee), receivedBy(smtp, resetter)]).toEqual([1, 1]);
    for (const to of [invitee, resetter]) {
      expect(await outboxOf(api, tokens['admin@yozy.local'], to)).toEqual([
        expect.objectContaining({ Status: 'SENT', Error: null, NextAttemptAt: null }),
      ]);
    }
  }, 60_000);
});

describe('mail a server refuses all day', () => {
  let api: RestApi;
  let smtp: TestSmtpServer;
  let refusing = true;
  let tokens: Record<'admin@yozy.local' | 'admin@acme.local', string>;
  const invitee = 'quinn.refused@acme.local';

  beforeAll(async () => {
    smtp = await startSmtpServer({ refuse: (to) => refusing && to === invitee });
    // A "day" of a second and a half, tried every tenth of a second or so.
    api = await openRestApi({ mail: { smtpUrl: smtp.url, queue: { retryFirstMs: 100, retryMaxMs: 200, retryForMs: 1_500, pollMs: 50 } } });
    tokens = await api.signInEach(['admin@yozy.local', 'admin@acme.local']);
    api.mailer.start();
  });
  afterAll(async () => {
    api.mailer.stop();
    await api.mailer.idle();
    api.mailer.close();
    await api.close();
    await smtp.stop();
  });

  it('is given up with the reason, and a SuperAdmin’s Retry sends it once, audited', async () => {
    const invited = await api.agent
      .post('/subscription/usercreation')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send(invitation(invitee, await webMemberRole(api)));
    expect(invited.status).toBe(201);

    let mail: OutboxMail | undefined;
    await eventually(async () => ([mail] = await outboxOf(api, tokens['admin@yozy.local'], invitee))[0]?.Status === 'FAILED');
    expect(mail!.Error).toMatch(/550.*Mailbox unavailable/);
    expect(mail!.Attempts).toBeGreaterThanOrEqual(2);
    expect(mail!.NextAttemptAt).toBeNull();
    // Given up: no more tries.
    const attempts = mail!.Attempts;
    await pause(400);
    expect((await outboxOf(api, tokens['admin@yozy.local'], invitee))[0]!.Attempts).toBe(attempts);
    expect(receivedBy(smtp, invitee)).toBe(0);

    const retry = (token: string | undefined, body: object) => {
      const request = api.agent.post('/platform/outbox/retry');
      return (token ? request.auth(token, { type: 'bearer' }) : request).send(body);
    };
    // Only the provider's SuperAdmins; a mail that is not given up, or no mail, is refused.
    expect((await retry(tokens['admin@acme.local'], { MailId: mail!.MailId })).status).toBe(403);
    expect((await retry(undefined, { MailId: mail!.MailId })).status).toBe(401);
    expect((await retry(tokens['admin@yozy.local'], { MailId: 'first' })).status).toBe(400);
    expect((await retry(tokens['admin@yozy.local'], { MailId: 999_999 })).body).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const [sent] = await api.db.query<{ mail_id: number }>('SELECT mail_id FROM mail_outbox WHERE sent_at IS NOT NULL LIMIT 1');
    if (sent)
      expect((await retry(tokens['admin@yozy.local'], { MailId: sent.mail_id })).body).toMatchObject({ error: { code: 'CONFLICT' } });
    expect(receivedBy(smtp, invitee)).toBe(0);

    refusing = false;
    const retried = await retry(tokens['admin@yozy.local'], { MailId: mail!.MailId });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ MailId: mail!.MailId, Status: 'RETRYING' });
    await eventually(() => receivedBy(smtp, invitee) > 0);
    await pause(300);
    await api.mailer.idle();
    expect(receivedBy(smtp, invitee)).toBe(1);
    expect((await outboxOf(api, tokens['admin@yozy.local'], invitee))[0]).toMatchObject({ Status: 'SENT', Error: null });

    const entries = await api.db.query<{ action: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
      "SELECT action, before, after FROM audit_log WHERE action = 'mail.retry' AND entity_id = $1",
      [String(mail!.MailId)],
    );
    expect(entries).toEqual([
      {
        action: 'mail.retry',
        before: expect.objectContaining({ To: invitee, Status: 'FAILED', Error: expect.stringMatching(/Mailbox unavailable/) }),
        after: expect.objectContaining({ To: invitee, Status: 'RETRYING' }),
      },
    ]);
  }, 60_000);
});

describe.each(TEST_DATABASE_KINDS)('two services on one %s database', (kind) => {
  let dbs: Database[] = [];
  let drop: () => Promise<void> = async () => undefined;
  let smtp: TestSmtpServer;
  let mailers: Mailer[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    if (kind === 'postgres') {
      const scratch = await openPostgresCopy('migrated');
      drop = scratch.drop;
      // Each service with its own connections, as two processes would have.
      dbs = [await openDatabase({ url: scratch.url }), await openDatabase({ url: scratch.url })];
    } else {
      // The embedded database has one connection: both services' statements take turns on it.
      const db = await openTestDatabase('migrated');
      dbs = [db, db];
    }
    mailers = dbs.map((db) =>
      createMailer(db, {
        publicUrl: 'http://localhost:4000',
        from: 'Yozy <no-reply@yozy.local>',
        smtpUrl: smtp.url,
        queue: { pollMs: 20 },
      }),
    );
  }, 60_000);
  afterAll(async () => {
    for (const mailer of mailers) {
      mailer.stop();
      await mailer.idle();
      mailer.close();
    }
    for (const db of new Set(dbs)) await db.close();
    await drop();
    await smtp.stop();
  });

  it('delivers each of 50 queued mails exactly once', async () => {
    const recipients = Array.from({ length: 50 }, (_, n) => `person${n}@queue.test`);
    const queued = [];
    for (const to of recipients)
      queued.push(await insertIntoOutbox(dbs[0]!, to, resetMail({ publicUrl: 'http://localhost:4000', token: 'tok', email: to })));
    // Both services' queues and both fast paths reach for every mail at once.
    for (const mailer of mailers) mailer.start();
    for (const mail of queued) for (const mailer of mailers) mailer.dispatch(mail);

    await eventually(() => recipients.every((to) => receivedBy(smtp, to) > 0), 30_000);
    await pause(300);
    await Promise.all(mailers.map((mailer) => mailer.idle()));
    expect(recipients.filter((to) => receivedBy(smtp, to) !== 1)).toEqual([]);
    expect(smtp.received).toHaveLength(50);
    const rows = await dbs[1]!.query<{ sent: number; once: number }>(
      `SELECT count(*) FILTER (WHERE sent_at IS NOT NULL)::int AS sent, count(*) FILTER (WHERE attempts = 1)::int AS once
         FROM mail_outbox WHERE to_address LIKE '%@queue.test'`,
    );
    expect(rows).toEqual([{ sent: 50, once: 50 }]);
  }, 60_000);
});
