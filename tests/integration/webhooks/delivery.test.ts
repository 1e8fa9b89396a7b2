import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox, emitWebhookEvent } from '@yozy/subscription-api';
import { FACTORY_PASSWORD, factories, unique } from '../../support/factories';
import { GraphQLSession, signedIn } from '../../support/graphql';
import { useStack } from '../../support/useStack';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhookReceiver';
import { DATABASES, TEST_SECRET_KEY } from '../../support/stack';
import { QUEUE, CREATE, ENDPOINTS, PAUSE, ROTATE, TEST_EVENT, REDELIVER, CREATE_GROUP, SET_ADMIN, ok, useWebhooks } from './webhooks';

/*
 * How events are delivered: retried in order, never for a change that rolled back, paused and
 * resumed, managed by API keys, signed with both secrets after a rotation, and never to a private address.
 */

describe.each(DATABASES)('webhooks on %s', (kind) => {
  const hooks = useWebhooks(kind);
  const { stack, organisation, register, deliveriesOf } = hooks;

  it('retries an endpoint that answers 500 with growing waits, keeping its events in order behind the one that failed', async () => {
    const z = await organisation();
    hooks.receiver.answer('/z', 500, 500, 200);
    const endpoint = await register(z.session, '/z');
    const groups: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const { createGroup } = await ok<{ createGroup: { group: { id: string } } }>(z.session, CREATE_GROUP, {
        input: { name: unique(`Ordered ${i}`) },
      });
      groups.push(createGroup.group.id);
    }
    const got = await hooks.receiver.waitFor('/z', (all) => all.length >= 7);
    // The first event three times (500, 500, then 200), the same webhook-id each time; then the others, in the order of their changes.
    expect(got.map((one) => one.data.groupId)).toEqual([groups[0], groups[0], groups[0], ...groups.slice(1)]);
    expect(got.map((one) => one.answered)).toEqual([500, 500, 200, 200, 200, 200, 200]);
    expect(new Set(got.slice(0, 3).map((one) => one.id)).size).toBe(1);
    expect(got.every((one) => one.verifiedWith[0] === true)).toBe(true);
    // Exponential backoff: the second wait is longer than the first, each at least 80 % of its nominal length.
    const firstWait = got[1]!.at - got[0]!.at;
    const secondWait = got[2]!.at - got[1]!.at;
    expect(firstWait).toBeGreaterThanOrEqual(QUEUE.retryFirstMs * 0.8);
    expect(secondWait).toBeGreaterThanOrEqual(QUEUE.retryFirstMs * 2 * 0.8);

    const listed = await deliveriesOf(z.session, endpoint.endpoint.id);
    expect(listed.at(-1)).toMatchObject({ eventType: 'GROUP_CHANGED', status: 'SUCCEEDED', attempts: 3, responseStatus: 200, error: null });
    expect(listed.slice(0, 4).every((one) => one.attempts === 1)).toBe(true);
  });

  it('never tells of a change that rolled back, and goes on with those that committed', async () => {
    const w = await organisation();
    await register(w.session, '/rollback');
    const org = String(w.org.clientId);
    await expect(
      stack.db.transaction(async (tx) => {
        await tx.query('INSERT INTO groups (client_id, name) VALUES ($1, $2)', [w.org.clientId, 'Never kept']);
        await emitWebhookEvent(tx, {
          clientId: w.org.clientId,
          type: 'group.changed',
          data: { organizationId: org, groupId: '999999', change: 'CREATED' },
        });
        throw new Error('the change failed after its event was written');
      }),
    ).rejects.toThrow('the change failed');
    // A change the service refuses tells nothing either: the last admin cannot stop being one.
    const refused = await w.session.request<{ setUserAdmin: { errors: { code: string }[] } }>(SET_ADMIN, {
      input: { userId: String(w.admin.userId), admin: false },
    });
    expect(refused.data?.setUserAdmin.errors[0]?.code).toBe('CONFLICT');

    const { createGroup } = await ok<{ createGroup: { group: { id: string } } }>(w.session, CREATE_GROUP, {
      input: { name: unique('Kept') },
    });
    const got = await hooks.receiver.waitFor('/rollback', (all) => all.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hooks.receiver.receivedAt('/rollback').map((one) => one.data.groupId)).toEqual([createGroup.group.id]);
    expect(got[0]!.type).toBe('group.changed');
    const [{ events }] = (await stack.db.query<{ events: number }>(
      "SELECT count(*)::int AS events FROM webhook_events WHERE client_id = $1 AND payload LIKE '%999999%'",
      [w.org.clientId],
    )) as [{ events: number }];
    expect(events).toBe(0);
  });

  it('pauses an endpoint that failed for a day and mails its admins; resumed, it gets what waited, and a redelivery sends the failed event again', async () => {
    const v = await organisation();
    hooks.receiver.answer('/failing', 503);
    const { endpoint } = await register(v.session, '/failing');
    await ok(v.session, CREATE_GROUP, { input: { name: unique('First') } });
    await hooks.receiver.waitFor('/failing', (all) => all.length >= 1);
    await ok(v.session, CREATE_GROUP, { input: { name: unique('Second') } });

    const paused = async () =>
      (
        await ok<{ webhookEndpoints: { id: string; status: string; pauseReason: string | null; waitingDeliveries: number }[] }>(
          v.session,
          ENDPOINTS,
        )
      ).webhookEndpoints[0]!;
    const deadline = Date.now() + 15_000;
    while ((await paused()).status !== 'PAUSED') {
      if (Date.now() > deadline) throw new Error('the endpoint was not paused');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await paused()).toMatchObject({ status: 'PAUSED', pauseReason: 'FAILING', waitingDeliveries: 1 });
    // The operator sees it too.
    const metrics = await (await fetch(`${stack.apiUrl}metrics`)).text();
    expect(Number(/subscription_api_webhook_endpoints_paused_failing (\d+)/.exec(metrics)?.[1])).toBeGreaterThanOrEqual(1);
    expect(Number(/subscription_api_webhook_queue_depth (\d+)/.exec(metrics)?.[1])).toBeGreaterThanOrEqual(1);
    expect(metrics).toMatch(/subscription_api_webhook_queue_oldest_seconds [\d.e+-]+/);
    const tries = hooks.receiver.receivedAt('/failing');
    // Only the first event was tried, again and again: the second waited behind it.
    expect(new Set(tries.map((one) => one.id)).size).toBe(1);
    expect(tries.length).toBeGreaterThanOrEqual(3);

    const mails = await stack.db.query<{ to_address: string; subject: string; text_body: string }>(
      "SELECT to_address, subject, text_body FROM mail_outbox WHERE template = 'webhook_paused' AND client_id = $1",
      [v.org.clientId],
    );
    expect(mails.map((mail) => mail.to_address)).toEqual([v.admin.email]);
    expect(mails[0]!.subject).toBe(`Webhook endpoint paused: ${hooks.receiver.url('/failing')}`);
    expect(mails[0]!.text_body).toContain('The endpoint answered 503');
    expect(mails[0]!.text_body).toContain('/TwoFactor/webhooks');

    const [failed, waiting] = (await deliveriesOf(v.session, endpoint.id)).reverse();
    expect(failed).toMatchObject({ status: 'FAILED', responseStatus: 503, error: 'The endpoint answered 503' });
    expect(waiting).toMatchObject({ status: 'PENDING', attempts: 0 });

    hooks.receiver.answer('/failing', 200);
    await ok(v.session, PAUSE, { id: endpoint.id, paused: false });
    const resumed = await hooks.receiver.waitFor('/failing', (all) => all.at(-1)?.answered === 200);
    expect(resumed.at(-1)!.id).not.toBe(tries[0]!.id);

    const { redeliverWebhook } = await ok<{ redeliverWebhook: { delivery: { messageId: string; status: string } } }>(v.session, REDELIVER, {
      deliveryId: failed!.id,
    });
    expect(redeliverWebhook.delivery).toMatchObject({ messageId: tries[0]!.id, status: 'PENDING' });
    const again = await hooks.receiver.waitFor('/failing', (all) => all.filter((one) => one.answered === 200).length === 2);
    expect(again.at(-1)).toMatchObject({ id: tries[0]!.id, answered: 200 });
    expect(again.at(-1)!.verifiedWith).toEqual([true]);

    // Paused by hand, events wait; resumed, they come.
    await ok(v.session, PAUSE, { id: endpoint.id, paused: true });
    await ok(v.session, CREATE_GROUP, { input: { name: unique('While paused') } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const before = hooks.receiver.receivedAt('/failing').length;
    expect(await paused()).toMatchObject({ status: 'PAUSED', pauseReason: 'ADMIN', waitingDeliveries: 1 });
    await ok(v.session, PAUSE, { id: endpoint.id, paused: false });
    await hooks.receiver.waitFor('/failing', (all) => all.length === before + 1);
  });

  it('lets a read-write API key manage endpoints but never be shown a signing secret; a read-only key only reads them', async () => {
    const t = await organisation();
    const { endpoint } = await register(t.session, '/keys');
    const keyOf = async (access: string) => {
      const { createApiKey } = await ok<{ createApiKey: { secret: string } }>(
        hooks.provider,
        'mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret errors { code message } } }',
        { input: { name: unique(`Webhook tool ${access}`), access, organizationId: String(t.org.clientId) } },
      );
      return new GraphQLSession(stack.gatewayUrl, { authorization: `Bearer ${createApiKey.secret}` });
    };
    const writer = await keyOf('READ_WRITE');
    const reader = await keyOf('READ');

    const made = await writer.request(CREATE, { input: { url: hooks.receiver.url('/from-a-key') } });
    expect(made.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const rotated = await writer.request(ROTATE, { id: endpoint.id });
    expect(rotated.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const [{ count }] = (await stack.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM webhook_endpoints WHERE client_id = $1',
      [t.org.clientId],
    )) as [{ count: number }];
    expect(count).toBe(1);

    await ok(writer, PAUSE, { id: endpoint.id, paused: true });
    const listed = await ok<{ webhookEndpoints: { id: string; status: string }[] }>(reader, ENDPOINTS);
    expect(listed.webhookEndpoints).toEqual([expect.objectContaining({ id: endpoint.id, status: 'PAUSED' })]);
    const refused = await reader.request(PAUSE, { id: endpoint.id, paused: false });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('signs with both secrets for a day after a rotation, and sends a test event on request', async () => {
    const u = await organisation();
    const { endpoint, secret } = await register(u.session, '/rotated');
    const { rotateWebhookSecret } = await ok<{ rotateWebhookSecret: { secret: string; endpoint: { previousSecretExpiresAt: string } } }>(
      u.session,
      ROTATE,
      { id: endpoint.id },
    );
    expect(rotateWebhookSecret.secret).not.toBe(secret);
    const hours = (Date.parse(rotateWebhookSecret.endpoint.previousSecretExpiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    hooks.receiver.verifyWith('/rotated', secret, rotateWebhookSecret.secret);

    const { sendWebhookTestEvent } = await ok<{ sendWebhookTestEvent: { delivery: { eventType: string; status: string } } }>(
      u.session,
      TEST_EVENT,
      {
        id: endpoint.id,
      },
    );
    expect(sendWebhookTestEvent.delivery).toMatchObject({ eventType: 'WEBHOOK_TEST', status: 'PENDING' });
    const [test] = await hooks.receiver.waitFor('/rotated', (all) => all.length === 1);
    expect(test).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id, organizationId: String(u.org.clientId) } });
    // Two signatures: a receiver with either secret verifies it.
    expect(String(test!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(test!.verifiedWith).toEqual([true, true]);
  });
});

describe('webhook endpoints where private addresses are not allowed', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver?.close());
  const stack = useStack('pglite', { webhooks: QUEUE, allowPrivateNetwork: false });

  it('refuses an organisation’s endpoint on this machine, a private network or plain http, and never delivers to one', async () => {
    const make = factories(stack.db);
    const { organisation: org, admin } = await make.organisationWithAdmin();
    const session = await signedIn(stack.gatewayUrl, admin.email, FACTORY_PASSWORD);
    const refusal = async (url: string) =>
      (
        await session.request<{
          createWebhookEndpoint: { endpoint: unknown; secret: string | null; errors: { code: string; field: string; message: string }[] };
        }>(CREATE, { input: { url } })
      ).data!.createWebhookEndpoint;
    for (const url of ['https://127.0.0.1:8443/hook', 'https://10.1.2.3/hook', 'https://[::1]/hook', 'https://169.254.169.254/latest']) {
      const answer = await refusal(url);
      expect(answer.endpoint).toBeNull();
      expect(answer.secret).toBeNull();
      expect(answer.errors).toEqual([{ code: 'BAD_USER_INPUT', field: 'url', message: expect.stringContaining('private network') }]);
    }
    expect((await refusal('http://hooks.example.com/in')).errors).toEqual([
      { code: 'BAD_USER_INPUT', field: 'url', message: 'Use an https:// address: events are sent only over an encrypted connection' },
    ]);
    const [{ count }] = (await stack.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM webhook_endpoints WHERE client_id = $1',
      [org.clientId],
    )) as [{ count: number }];
    expect(count).toBe(0);

    // One that got in another way (a name that pointed elsewhere when it was saved) is refused as it connects.
    const [{ id }] = (await stack.db.query<{ id: number }>(
      "INSERT INTO webhook_endpoints (client_id, url, secret_sealed) VALUES ($1, $2, '') RETURNING endpoint_id AS id",
      [org.clientId, receiver.url('/private')],
    )) as [{ id: number }];
    await stack.db.query('UPDATE webhook_endpoints SET secret_sealed = $2 WHERE endpoint_id = $1', [
      id,
      createSecretBox(TEST_SECRET_KEY).seal('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', `webhook_secret:${id}`),
    ]);
    await stack.db.transaction((tx) =>
      emitWebhookEvent(tx, {
        clientId: org.clientId,
        type: 'group.changed',
        data: { organizationId: String(org.clientId), groupId: '1', change: 'CREATED' },
      }),
    );
    const deadline = Date.now() + 10_000;
    let error: string | null = null;
    while (!error && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      [{ error = null } = { error: null }] = await stack.db.query<{ error: string | null }>(
        'SELECT error FROM webhook_deliveries WHERE endpoint_id = $1',
        [id],
      );
    }
    expect(error).toContain('private network');
    expect(receiver.receivedAt('/private')).toEqual([]);
  });
});
