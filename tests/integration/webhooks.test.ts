import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitWebhookEvent } from '@yozy/subscription-api';
import { createSecretBox } from '@yozy/subscription-api';
import { FACTORY_PASSWORD, factories, unique } from '../support/factories';
import { GraphQLSession, signedIn } from '../support/graphql';
import { provisionedOrganisation, SCIM, scimUser } from '../support/scim';
import { DATABASES, TEST_SECRET_KEY, TEST_SERVICE_TOKEN } from '../support/stack';
import { useStack } from '../support/useStack';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../support/webhookReceiver';

/*
 * Webhooks end to end: endpoints registered through /graphql, real changes made through /graphql,
 * and a receiver on loopback that verifies every delivery with the `standardwebhooks` library,
 * as an organisation's system would. The queue runs with a day of tries shortened to two seconds.
 */

const QUEUE = { pollMs: 50, retryFirstMs: 150, retryMaxMs: 300, retryForMs: 2_000, expiryCheckMs: 200, requestTimeoutMs: 2_000 };

const CREATE = /* GraphQL */ `
  mutation ($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      endpoint {
        id
        url
        events
        status
        everyOrganization
        organizationName
      }
      secret
      errors {
        code
        field
        message
      }
    }
  }
`;
const ENDPOINTS = /* GraphQL */ `
  query ($organizationId: ID) {
    webhookEndpoints(organizationId: $organizationId) {
      id
      url
      status
      pauseReason
      waitingDeliveries
      lastDeliveryStatus
      lastResponseStatus
      previousSecretExpiresAt
    }
  }
`;
const DELIVERIES = /* GraphQL */ `
  query ($endpointId: ID!, $filter: WebhookDeliveryFilter) {
    webhookDeliveries(endpointId: $endpointId, filter: $filter, page: { limit: 100 }) {
      totalCount
      nodes {
        id
        eventType
        messageId
        status
        attempts
        responseStatus
        error
        nextAttemptAt
        lastAttemptAt
        createdAt
      }
    }
  }
`;
const BODY = 'query ($id: ID!) { webhookDeliveryBody(id: $id) { id payload } }';
const PAUSE = /* GraphQL */ `
  mutation ($id: ID!, $paused: Boolean!) {
    setWebhookEndpointPaused(id: $id, paused: $paused) {
      endpoint {
        id
        status
        pauseReason
      }
      errors {
        code
        field
        message
      }
    }
  }
`;
const ROTATE = 'mutation ($id: ID!) { rotateWebhookSecret(id: $id) { endpoint { id previousSecretExpiresAt } secret errors { code } } }';
const TEST_EVENT = 'mutation ($id: ID!) { sendWebhookTestEvent(id: $id) { delivery { id eventType status } errors { code } } }';
const REDELIVER =
  'mutation ($deliveryId: ID!) { redeliverWebhook(deliveryId: $deliveryId) { delivery { id eventType status messageId } errors { code field message } } }';
const CREATE_GROUP = 'mutation ($input: CreateGroupInput!) { createGroup(input: $input) { group { id } errors { code message } } }';
const INVITE = 'mutation ($input: InviteUserInput!) { inviteUser(input: $input) { user { id } errors { code field message } } }';
const SET_ACTIVE =
  'mutation ($input: SetUsersActiveInput!) { setUsersActive(input: $input) { users { id status } errors { code message } } }';
const SET_ROLE = 'mutation ($input: SetUserRoleInput!) { setUserRole(input: $input) { user { id } errors { code message } } }';
const SET_ADMIN = 'mutation ($input: SetUserAdminInput!) { setUserAdmin(input: $input) { user { id } errors { code message } } }';
const DECIDE = 'mutation ($input: DecideUserApprovalInput!) { decideUserApproval(input: $input) { users { id } errors { code message } } }';
const SETTINGS =
  'mutation ($input: OrganizationSettingsInput!) { updateOrganizationSettings(input: $input) { settings { sessionIdleMinutes } errors { code message } } }';
const ADD_LICENCE = 'mutation ($input: AddLicenceInput!) { addLicence(input: $input) { licence { id } errors { code message } } }';
const EXTEND_LICENCE = 'mutation ($input: ExtendLicenceInput!) { extendLicence(input: $input) { licence { id } errors { code message } } }';
const PRODUCTS = '{ products { id name plans { id } } }';
const SUBMIT_ENQUIRY =
  'mutation ($input: SubmitEnquiryInput!) { submitEnquiry(input: $input) { enquiryId errors { code field message } } }';
const APPROVE = 'mutation ($input: ApproveEnquiryInput!) { approveEnquiry(input: $input) { organization { id } errors { code message } } }';
const REJECT = 'mutation ($input: RejectEnquiryInput!) { rejectEnquiry(input: $input) { enquiry { id } errors { code message } } }';

type Endpoint = { id: string; url: string; events: string[] | null; status: string; everyOrganization: boolean; organizationName: string };
type Delivery = {
  id: string;
  eventType: string;
  messageId: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  nextAttemptAt: string | null;
};

/** The answer's data, or a failure that shows what went wrong (errors in the answer or in the payload). */
async function ok<T>(session: GraphQLSession, document: string, variables: Record<string, unknown> = {}): Promise<T> {
  const answer = await session.request<T>(document, variables);
  if (answer.errors?.length) throw new Error(`${document.slice(0, 60)}: ${JSON.stringify(answer.errors)}`);
  const payload = Object.values(answer.data as Record<string, { errors?: unknown[] }>)[0];
  if (payload && Array.isArray(payload.errors) && payload.errors.length)
    throw new Error(`${document.slice(0, 60)}: ${JSON.stringify(payload.errors)}`);
  return answer.data!;
}

describe.each(DATABASES)('webhooks on %s', (kind) => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver?.close());
  const stack = useStack(kind, { webhooks: QUEUE });

  let provider: GraphQLSession;
  beforeAll(async () => {
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
  });

  /** A fresh organisation with its admin signed in, a plan of `capacity` seats licensed, and a role on it. */
  async function organisation(capacity = 10) {
    const make = factories(stack.db);
    const { organisation: org, admin } = await make.organisationWithAdmin();
    const plan = await make.plan({ capacity });
    await make.licence(org, { plan });
    const holder = await make.user(org);
    const role = await make.role(holder, plan);
    const session = await signedIn(stack.gatewayUrl, admin.email, FACTORY_PASSWORD);
    return { org, admin, plan, role, holder, session, make };
  }

  /** Registers an endpoint on the receiver at `path`, verified with the secret it was given. */
  async function register(session: GraphQLSession, path: string, input: Record<string, unknown> = {}) {
    const { createWebhookEndpoint } = await ok<{ createWebhookEndpoint: { endpoint: Endpoint; secret: string } }>(session, CREATE, {
      input: { url: receiver.url(path), ...input },
    });
    receiver.verifyWith(path, createWebhookEndpoint.secret);
    return createWebhookEndpoint;
  }

  const deliveriesOf = async (session: GraphQLSession, endpointId: string, filter?: Record<string, unknown>) =>
    (await ok<{ webhookDeliveries: { nodes: Delivery[] } }>(session, DELIVERIES, { endpointId, filter })).webhookDeliveries.nodes;

  /** Waits until `path` got a delivery of each of `types` more than it had, and answers those. */
  async function expectNext(path: string, types: string[], since: number): Promise<ReceivedWebhook[]> {
    const all = await receiver.waitFor(path, (got) => got.length >= since + types.length);
    // A moment for anything that should not come to come.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const fresh = receiver.receivedAt(path).slice(since);
    expect(fresh.map((one) => one.type)).toEqual(types);
    return all.slice(since, since + types.length);
  }

  it('tells an organisation’s endpoint of each kind of change once, after it commits, each delivery verified by the library', async () => {
    const x = await organisation(5);
    const y = await organisation();
    const endpoint = await register(x.session, '/x');
    await register(y.session, '/y');
    expect(endpoint.endpoint).toMatchObject({
      status: 'ACTIVE',
      events: null,
      everyOrganization: false,
      organizationName: x.org.companyName,
    });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    // Three of the five seats are taken already (the role's holder and two more); the invitations
    // below take the fourth (80 %) and the fifth.
    for (let i = 0; i < 2; i += 1) {
      await stack.db.query('INSERT INTO user_roles (user_id, role_id, product_id) VALUES ($1, $2, $3)', [
        (await x.make.user(x.org)).userId,
        x.role.roleId,
        x.plan.productId,
      ]);
    }
    const otherRole = await x.make.role(await x.make.user(x.org, { isActive: false }), x.plan);

    const org = x.org.clientId.toString();
    let seen = 0;
    const step = async (types: string[], change: () => Promise<unknown>) => {
      await change();
      const got = await expectNext('/x', types, seen);
      seen += types.length;
      return got;
    };

    const [group] = await step(['group.changed'], () => ok(x.session, CREATE_GROUP, { input: { name: unique('Webhook group') } }));
    expect(group!.data).toMatchObject({ organizationId: org, change: 'CREATED' });

    const invite = (first: string) =>
      ok<{ inviteUser: { user: { id: string } } }>(x.session, INVITE, {
        input: { firstName: first, lastName: 'Hook', email: `${unique('hook')}@factory.test`, roleId: String(x.role.roleId) },
      });
    let fourth = '';
    // The seat is taken first, in the same transaction, so its event comes first.
    const [eighty, invited] = await step(['seats.80_percent_used', 'person.invited'], async () => {
      fourth = (await invite('Fourth')).inviteUser.user.id;
    });
    expect(invited!.data).toEqual({ organizationId: org, personId: fourth, state: 'INVITED', previousState: null, typeOfUser: 'User' });
    expect(eighty!.data).toEqual({ organizationId: org, productId: String(x.plan.productId), used: 4, capacity: 5 });

    let fifth = '';
    const [full] = await step(['seats.100_percent_used', 'person.invited'], async () => {
      fifth = (await invite('Fifth')).inviteUser.user.id;
    });
    expect(full!.data).toMatchObject({ used: 5, capacity: 5 });

    const [deactivated] = await step(['person.deactivated'], () =>
      ok(x.session, SET_ACTIVE, { input: { userIds: [fifth], active: false } }),
    );
    expect(deactivated!.data).toEqual({ organizationId: org, personId: fifth, state: 'DISABLED', previousState: 'INVITED' });
    // Activated again, the person takes the last seat once more.
    const [, activated] = await step(['seats.100_percent_used', 'person.activated'], () =>
      ok(x.session, SET_ACTIVE, { input: { userIds: [fifth], active: true } }),
    );
    expect(activated!.data).toEqual({ organizationId: org, personId: fifth, state: 'INVITED', previousState: 'DISABLED' });

    const [role] = await step(['person.role_changed'], () =>
      ok(x.session, SET_ROLE, { input: { userId: fourth, roleId: String(otherRole.roleId) } }),
    );
    expect(role!.data).toEqual({
      organizationId: org,
      personId: fourth,
      productId: String(x.plan.productId),
      roleId: String(otherRole.roleId),
      previousRoleIds: [String(x.role.roleId)],
    });

    const [admin] = await step(['organization.admin_changed'], () => ok(x.session, SET_ADMIN, { input: { userId: fourth, admin: true } }));
    expect(admin!.data).toEqual({ organizationId: org, personId: fourth, admin: true });

    const [settings] = await step(['organization.settings_changed'], () =>
      ok(x.session, SETTINGS, { input: { twoFactorRequired: false, sessionIdleMinutes: 45, allowedEmailDomains: [] } }),
    );
    expect(settings!.data).toEqual({ organizationId: org, settings: 'ORGANIZATION', changed: ['sessionIdleMinutes'] });

    const [awaiting] = await stack.db.query<{ id: string }>(
      `INSERT INTO client_users (client_id, first_name, last_name, email, type_of_user, awaiting_approval)
       VALUES ($1, 'Awaiting', 'Hook', $2, 'User', true) RETURNING user_id::text AS id`,
      [x.org.clientId, `${unique('awaiting')}@factory.test`],
    );
    const [deleted] = await step(['person.deleted'], () => ok(x.session, DECIDE, { input: { userIds: [awaiting!.id], approve: false } }));
    expect(deleted!.data).toEqual({ organizationId: org, personId: awaiting!.id, previousState: 'AWAITING_APPROVAL' });

    // A licence ending in 20 days: added, then, at the daily look, expiring.
    const short = await x.make.plan();
    const [{ in20, in90 }] = (await stack.db.query<{ in20: string; in90: string }>(
      "SELECT to_char(current_date + 20, 'YYYY-MM-DD') AS in20, to_char(current_date + 90, 'YYYY-MM-DD') AS in90",
    )) as [{ in20: string; in90: string }];
    let licenceId = '';
    const [added, expiring] = await step(['licence.added', 'licence.expiring'], async () => {
      const { addLicence } = await ok<{ addLicence: { licence: { id: string } } }>(provider, ADD_LICENCE, {
        input: { organizationId: org, productId: String(short.productId), planId: String(short.planId), validTill: in20 },
      });
      licenceId = addLicence.licence.id;
    });
    expect(added!.data).toEqual({
      organizationId: org,
      licenceId,
      productId: String(short.productId),
      planId: String(short.planId),
      validTill: in20,
    });
    expect(expiring!.data).toEqual({ organizationId: org, licenceId, productId: String(short.productId), validTill: in20, daysLeft: 20 });

    const [extended] = await step(['licence.extended'], () => ok(provider, EXTEND_LICENCE, { input: { id: licenceId, validTill: in90 } }));
    expect(extended!.data).toMatchObject({ licenceId, validTill: in90, previousValidTill: in20 });

    // The organisation's identity provider connects: its provisioning token's first use is told, once.
    const { createProvisioningToken: made } = await ok<{
      createProvisioningToken: { token: string; baseUrl: string; provisioningToken: { id: string } };
    }>(
      x.session,
      `mutation ($organizationId: ID!) { createProvisioningToken(organizationId: $organizationId, name: "Okta") { token baseUrl provisioningToken { id } } }`,
      { organizationId: org },
    );
    const callScim = () => fetch(`${made.baseUrl}/Users`, { headers: { authorization: `Bearer ${made.token}` } });
    const [token] = await step(['provisioning_token.first_used'], async () => {
      await callScim();
      await callScim();
    });
    expect(token!.data).toEqual({ organizationId: org, tokenId: made.provisioningToken.id });

    const all = receiver.receivedAt('/x');
    for (const one of all) {
      // Every delivery as Standard Webhooks has it, verified by the library with the endpoint's secret.
      expect(one.verifiedWith).toEqual([true]);
      expect(one.headers['content-type']).toBe('application/json');
      expect(one.id).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(one.version).toBe(1);
      expect(JSON.parse(one.body)).toEqual({ type: one.type, timestamp: expect.stringMatching(/Z$/), version: 1, data: one.data });
      // Never a secret or a link's token.
      expect(one.body).not.toMatch(/token=|whsec_|password/i);
    }
    // Once each: no event came twice.
    expect(new Set(all.map((one) => one.id)).size).toBe(all.length);
    // Another organisation's endpoint heard nothing of all this.
    expect(receiver.receivedAt('/y')).toEqual([]);

    // Its own change reaches it, and not the first organisation's endpoint.
    await ok(y.session, CREATE_GROUP, { input: { name: unique('Other group') } });
    const [yGroup] = await receiver.waitFor('/y', (got) => got.length === 1);
    expect(yGroup!.data).toMatchObject({ organizationId: String(y.org.clientId), change: 'CREATED' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.receivedAt('/x')).toHaveLength(all.length);

    // The console's list says the same: each delivery succeeded on the first try, answered 200.
    const listed = await deliveriesOf(x.session, endpoint.endpoint.id);
    expect(listed).toHaveLength(all.length);
    expect(listed.every((one) => one.status === 'SUCCEEDED' && one.attempts === 1 && one.responseStatus === 200)).toBe(true);
    expect(listed.map((one) => one.messageId).reverse()).toEqual(all.map((one) => one.id));
    const body = await ok<{ webhookDeliveryBody: { payload: string } }>(x.session, BODY, { id: listed[0]!.id });
    expect(body.webhookDeliveryBody.payload).toBe(all.at(-1)!.body);
  });

  it('tells of the people the identity provider makes, deactivates and removes through SCIM, as of the console’s own', async () => {
    const scimOrg = await provisionedOrganisation(stack, { serviceToken: TEST_SERVICE_TOKEN });
    const session = await signedIn(stack.gatewayUrl, scimOrg.admin.email, FACTORY_PASSWORD);
    await register(session, '/scim');
    const org = String(scimOrg.organisation.clientId);
    const created = await scimOrg.scim('POST', '/Users', scimUser(scimOrg.domain));
    expect(created.status).toBe(201);
    const scimId = String(created.body.id);
    // Events name people by the console's id, as its GraphQL API does (SCIM's id is the identity provider's handle).
    const [person] = await stack.db.query<{ id: string }>('SELECT user_id::text AS id FROM client_users WHERE email = $1', [
      created.body.userName,
    ]);
    const personId = person!.id;
    // The token's first use is told first: the identity provider has connected.
    const [, activated] = await expectNext('/scim', ['provisioning_token.first_used', 'person.activated'], 0);
    expect(activated!.data).toEqual({ organizationId: org, personId, state: 'ACTIVE', previousState: null });

    const off = { schemas: [SCIM.patchOp], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] };
    expect((await scimOrg.scim('PATCH', `/Users/${scimId}`, off)).status).toBe(200);
    const [deactivated] = await expectNext('/scim', ['person.deactivated'], 2);
    expect(deactivated!.data).toEqual({ organizationId: org, personId, state: 'DISABLED', previousState: 'ACTIVE' });

    expect((await scimOrg.scim('DELETE', `/Users/${scimId}`)).status).toBe(204);
    const [deleted] = await expectNext('/scim', ['person.deleted'], 3);
    expect(deleted!.data).toEqual({ organizationId: org, personId, previousState: 'DISABLED' });
  });

  it('tells the provider’s endpoint of the enquiries and new organisations of everyone, and only of the events it asked for', async () => {
    const endpoint = await register(provider, '/provider', {
      events: ['ENQUIRY_RECEIVED', 'ENQUIRY_APPROVED', 'ENQUIRY_REJECTED', 'ORGANIZATION_CREATED'],
    });
    expect(endpoint.endpoint).toMatchObject({
      everyOrganization: true,
      events: ['ENQUIRY_RECEIVED', 'ENQUIRY_APPROVED', 'ENQUIRY_REJECTED', 'ORGANIZATION_CREATED'],
    });
    const visitor = new GraphQLSession(stack.gatewayUrl);
    const web = (
      await visitor.request<{ products: { id: string; name: string; plans: { id: string }[] }[] }>(PRODUCTS)
    ).data!.products.find((product) => product.name === 'Yozy Web')!;
    const submit = async () => {
      const word = unique('enq').toLowerCase();
      const { submitEnquiry } = await ok<{ submitEnquiry: { enquiryId: string } }>(visitor, SUBMIT_ENQUIRY, {
        input: {
          companyName: `Hook ${word}`,
          countryCode: 'US',
          currencyCode: 'USD',
          adminFirstName: 'Ada',
          adminLastName: 'Hook',
          adminEmail: `${word}@hook.example`,
          contactName: 'Ada Hook',
          contactEmail: `contact.${word}@hook.example`,
          productId: web.id,
          planId: web.plans[0]!.id,
          captcha: await visitor.captcha(),
        },
      });
      return submitEnquiry.enquiryId;
    };

    const first = await submit();
    const [received] = await expectNext('/provider', ['enquiry.received'], 0);
    expect(received!.data).toEqual({
      enquiryId: first,
      kind: 'SIGN_UP',
      organizationId: null,
      productId: web.id,
      planId: web.plans[0]!.id,
    });

    const { approveEnquiry } = await ok<{ approveEnquiry: { organization: { id: string } } }>(provider, APPROVE, {
      input: { enquiryId: first },
    });
    // The new organisation's licence and admin are told too, but this endpoint did not ask for them.
    const [approved, created] = await expectNext('/provider', ['enquiry.approved', 'organization.created'], 1);
    expect(approved!.data).toMatchObject({ enquiryId: first, kind: 'SIGN_UP', organizationId: approveEnquiry.organization.id });
    expect(created!.data).toEqual({ organizationId: approveEnquiry.organization.id, enquiryId: first });

    const second = await submit();
    await ok(provider, REJECT, { input: { enquiryId: second, reason: 'Not in our region yet' } });
    const [, rejected] = await expectNext('/provider', ['enquiry.received', 'enquiry.rejected'], 3);
    expect(rejected!.data).toEqual({ enquiryId: second, kind: 'SIGN_UP', organizationId: null });
    expect(rejected!.body).not.toContain('Not in our region yet');
    expect(receiver.receivedAt('/provider').every((one) => one.verifiedWith[0] === true)).toBe(true);
  });

  it('retries an endpoint that answers 500 with growing waits, keeping its events in order behind the one that failed', async () => {
    const z = await organisation();
    receiver.answer('/z', 500, 500, 200);
    const endpoint = await register(z.session, '/z');
    const groups: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const { createGroup } = await ok<{ createGroup: { group: { id: string } } }>(z.session, CREATE_GROUP, {
        input: { name: unique(`Ordered ${i}`) },
      });
      groups.push(createGroup.group.id);
    }
    const got = await receiver.waitFor('/z', (all) => all.length >= 7);
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
    const got = await receiver.waitFor('/rollback', (all) => all.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.receivedAt('/rollback').map((one) => one.data.groupId)).toEqual([createGroup.group.id]);
    expect(got[0]!.type).toBe('group.changed');
    const [{ events }] = (await stack.db.query<{ events: number }>(
      "SELECT count(*)::int AS events FROM webhook_events WHERE client_id = $1 AND payload LIKE '%999999%'",
      [w.org.clientId],
    )) as [{ events: number }];
    expect(events).toBe(0);
  });

  it('pauses an endpoint that failed for a day and mails its admins; resumed, it gets what waited, and a redelivery sends the failed event again', async () => {
    const v = await organisation();
    receiver.answer('/failing', 503);
    const { endpoint } = await register(v.session, '/failing');
    await ok(v.session, CREATE_GROUP, { input: { name: unique('First') } });
    await receiver.waitFor('/failing', (all) => all.length >= 1);
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
    const tries = receiver.receivedAt('/failing');
    // Only the first event was tried, again and again: the second waited behind it.
    expect(new Set(tries.map((one) => one.id)).size).toBe(1);
    expect(tries.length).toBeGreaterThanOrEqual(3);

    const mails = await stack.db.query<{ to_address: string; subject: string; text_body: string }>(
      "SELECT to_address, subject, text_body FROM mail_outbox WHERE template = 'webhook_paused' AND client_id = $1",
      [v.org.clientId],
    );
    expect(mails.map((mail) => mail.to_address)).toEqual([v.admin.email]);
    expect(mails[0]!.subject).toBe(`Webhook endpoint paused: ${receiver.url('/failing')}`);
    expect(mails[0]!.text_body).toContain('The endpoint answered 503');
    expect(mails[0]!.text_body).toContain('/TwoFactor/webhooks');

    const [failed, waiting] = (await deliveriesOf(v.session, endpoint.id)).reverse();
    expect(failed).toMatchObject({ status: 'FAILED', responseStatus: 503, error: 'The endpoint answered 503' });
    expect(waiting).toMatchObject({ status: 'PENDING', attempts: 0 });

    receiver.answer('/failing', 200);
    await ok(v.session, PAUSE, { id: endpoint.id, paused: false });
    const resumed = await receiver.waitFor('/failing', (all) => all.at(-1)?.answered === 200);
    expect(resumed.at(-1)!.id).not.toBe(tries[0]!.id);

    const { redeliverWebhook } = await ok<{ redeliverWebhook: { delivery: { messageId: string; status: string } } }>(v.session, REDELIVER, {
      deliveryId: failed!.id,
    });
    expect(redeliverWebhook.delivery).toMatchObject({ messageId: tries[0]!.id, status: 'PENDING' });
    const again = await receiver.waitFor('/failing', (all) => all.filter((one) => one.answered === 200).length === 2);
    expect(again.at(-1)).toMatchObject({ id: tries[0]!.id, answered: 200 });
    expect(again.at(-1)!.verifiedWith).toEqual([true]);

    // Paused by hand, events wait; resumed, they come.
    await ok(v.session, PAUSE, { id: endpoint.id, paused: true });
    await ok(v.session, CREATE_GROUP, { input: { name: unique('While paused') } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const before = receiver.receivedAt('/failing').length;
    expect(await paused()).toMatchObject({ status: 'PAUSED', pauseReason: 'ADMIN', waitingDeliveries: 1 });
    await ok(v.session, PAUSE, { id: endpoint.id, paused: false });
    await receiver.waitFor('/failing', (all) => all.length === before + 1);
  });

  it('lets a read-write API key manage endpoints but never be shown a signing secret; a read-only key only reads them', async () => {
    const t = await organisation();
    const { endpoint } = await register(t.session, '/keys');
    const keyOf = async (access: string) => {
      const { createApiKey } = await ok<{ createApiKey: { secret: string } }>(
        provider,
        'mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret errors { code message } } }',
        { input: { name: unique(`Webhook tool ${access}`), access, organizationId: String(t.org.clientId) } },
      );
      return new GraphQLSession(stack.gatewayUrl, { authorization: `Bearer ${createApiKey.secret}` });
    };
    const writer = await keyOf('READ_WRITE');
    const reader = await keyOf('READ');

    const made = await writer.request(CREATE, { input: { url: receiver.url('/from-a-key') } });
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
    receiver.verifyWith('/rotated', secret, rotateWebhookSecret.secret);

    const { sendWebhookTestEvent } = await ok<{ sendWebhookTestEvent: { delivery: { eventType: string; status: string } } }>(
      u.session,
      TEST_EVENT,
      {
        id: endpoint.id,
      },
    );
    expect(sendWebhookTestEvent.delivery).toMatchObject({ eventType: 'WEBHOOK_TEST', status: 'PENDING' });
    const [test] = await receiver.waitFor('/rotated', (all) => all.length === 1);
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
