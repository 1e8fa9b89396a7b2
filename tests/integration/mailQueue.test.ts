import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type GraphQLSession } from '../support/graphql';
import { startMailSink, type MailSink } from '../support/mailSink';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

/**
 * The outbox as a queue, through the gateway: a mail written while the mail server is down shows
 * as being retried, is given up after its (here, two-second) day of tries with the reason, and a
 * SuperAdmin's Retry sends it once the server is back; nobody else may retry it.
 */

const OUTBOX = `query ($search: String) { outbox(search: $search, page: { limit: 10 }) { nodes { id to status attempts nextAttemptAt error } } }`;
const RETRY =
  'mutation ($id: ID!) { retryOutboxMail(id: $id) { mail { id status attempts nextAttemptAt } errors { code field message } } }';
const INVITE = `mutation ($input: InviteUserInput!) { inviteUser(input: $input) { user { email status } errors { code field message } } }`;

type OutboxMail = { id: string; to: string; status: string; attempts: number; nextAttemptAt: string | null; error: string | null };

describe.each(DATABASES)('the mail queue over /graphql on %s', (kind) => {
  let port = 0;
  let sink: MailSink | undefined;
  let acme: GraphQLSession;
  let provider: GraphQLSession;

  beforeAll(async () => {
    // A mail server that is down: the address of one that has stopped.
    const gone = await startMailSink();
    port = Number(new URL(gone.url).port);
    await gone.close();
  });
  const stack = useStack(kind, () => ({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailQueue: { retryFirstMs: 200, retryMaxMs: 400, retryForMs: 2_000, pollMs: 50 },
  }));
  beforeAll(async () => {
    acme = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
  });
  afterAll(() => sink?.close());

  const outboxOf = async (email: string) =>
    (await provider.request<{ outbox: { nodes: OutboxMail[] } }>(OUTBOX, { search: email })).data!.outbox.nodes;

  async function until(check: () => Promise<boolean>, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('the outbox did not get there in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('shows a mail the server could not take as retrying, then failed with the reason; only a SuperAdmin’s Retry sends it', async () => {
    const [role] = await stack.db.query<{ id: string }>(
      `SELECT r.role_id::text AS id FROM roles r JOIN licences l ON l.product_id = r.product_id JOIN client_users u ON u.client_id = l.client_id
        WHERE u.email = 'admin@acme.local' AND r.is_active ORDER BY r.role_id LIMIT 1`,
    );
    const email = `queued.${kind}@acme.local`;
    const invited = await acme.request<{ inviteUser: { errors: unknown[] } }>(INVITE, {
      input: { firstName: 'Queued', lastName: 'Mail', email, roleId: role!.id },
    });
    expect(invited.data!.inviteUser.errors).toEqual([]);

    await until(async () => (await outboxOf(email))[0]?.status === 'RETRYING');
    const [retrying] = await outboxOf(email);
    expect(retrying).toMatchObject({ to: email, status: 'RETRYING' });
    expect(retrying!.attempts).toBeGreaterThanOrEqual(1);
    expect(retrying!.error).toMatch(/ECONNREFUSED/);
    expect(Date.parse(retrying!.nextAttemptAt!)).not.toBeNaN();

    await until(async () => (await outboxOf(email))[0]?.status === 'FAILED');
    const [failed] = await outboxOf(email);
    expect(failed).toMatchObject({ status: 'FAILED', nextAttemptAt: null });
    expect(failed!.error).toMatch(/ECONNREFUSED/);

    // An organisation admin may neither see the outbox nor retry its mail, not even their own organisation's.
    const refused = await acme.request(RETRY, { id: failed!.id });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await acme.request(OUTBOX, { search: email })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await outboxOf(email))[0]).toMatchObject({ status: 'FAILED' });

    sink = await startMailSink(port);
    const retried = await provider.request<{ retryOutboxMail: { mail: OutboxMail; errors: unknown[] } }>(RETRY, { id: failed!.id });
    expect(retried.data!.retryOutboxMail).toMatchObject({ mail: { id: failed!.id, status: 'RETRYING' }, errors: [] });
    const received = await sink.waitFor(email);
    expect(received.subject).toBe('You are invited to Yozy Admin');
    await until(async () => (await outboxOf(email))[0]?.status === 'SENT');
    expect(sink.received.filter((mail) => mail.to.includes(email))).toHaveLength(1);

    // Sent: there is nothing to retry.
    const again = await provider.request<{ retryOutboxMail: { mail: null; errors: { code: string; field: string }[] } }>(RETRY, {
      id: failed!.id,
    });
    expect(again.data!.retryOutboxMail).toMatchObject({ mail: null, errors: [{ code: 'CONFLICT', field: 'id' }] });
    const [audit] = await stack.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'mail.retry' AND entity_id = $1",
      [failed!.id],
    );
    expect(audit!.n).toBe(1);
  }, 90_000);
});
