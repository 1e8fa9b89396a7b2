import { describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD, unique } from '../../support/factories';
import { GraphQLSession, signedIn } from '../../support/graphql';
import { provisionedOrganisation, SCIM, scimUser } from '../../support/scim';
import { DATABASES, TEST_SERVICE_TOKEN } from '../../support/stack';
import {
  BODY,
  CREATE_GROUP,
  INVITE,
  SET_ACTIVE,
  SET_ROLE,
  SET_ADMIN,
  DECIDE,
  SETTINGS,
  ADD_LICENCE,
  EXTEND_LICENCE,
  PRODUCTS,
  SUBMIT_ENQUIRY,
  APPROVE,
  REJECT,
  ok,
  useWebhooks,
} from './webhooks';

/*
 * Which events an endpoint is told of: each kind of change of its organisation once, after it
 * commits; the people SCIM makes; and for the provider's endpoint, everyone's enquiries and new organisations.
 */

describe.each(DATABASES)('webhooks on %s', (kind) => {
  const hooks = useWebhooks(kind);
  const { stack, organisation, register, deliveriesOf, expectNext } = hooks;

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
      const { addLicence } = await ok<{ addLicence: { licence: { id: string } } }>(hooks.provider, ADD_LICENCE, {
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

    const [extended] = await step(['licence.extended'], () =>
      ok(hooks.provider, EXTEND_LICENCE, { input: { id: licenceId, validTill: in90 } }),
    );
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

    const all = hooks.receiver.receivedAt('/x');
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
    expect(hooks.receiver.receivedAt('/y')).toEqual([]);

    // Its own change reaches it, and not the first organisation's endpoint.
    await ok(y.session, CREATE_GROUP, { input: { name: unique('Other group') } });
    const [yGroup] = await hooks.receiver.waitFor('/y', (got) => got.length === 1);
    expect(yGroup!.data).toMatchObject({ organizationId: String(y.org.clientId), change: 'CREATED' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hooks.receiver.receivedAt('/x')).toHaveLength(all.length);

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
    const endpoint = await register(hooks.provider, '/provider', {
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

    const { approveEnquiry } = await ok<{ approveEnquiry: { organization: { id: string } } }>(hooks.provider, APPROVE, {
      input: { enquiryId: first },
    });
    // The new organisation's licence and admin are told too, but this endpoint did not ask for them.
    const [approved, created] = await expectNext('/provider', ['enquiry.approved', 'organization.created'], 1);
    expect(approved!.data).toMatchObject({ enquiryId: first, kind: 'SIGN_UP', organizationId: approveEnquiry.organization.id });
    expect(created!.data).toEqual({ organizationId: approveEnquiry.organization.id, enquiryId: first });

    const second = await submit();
    await ok(hooks.provider, REJECT, { input: { enquiryId: second, reason: 'Not in our region yet' } });
    const [, rejected] = await expectNext('/provider', ['enquiry.received', 'enquiry.rejected'], 3);
    expect(rejected!.data).toEqual({ enquiryId: second, kind: 'SIGN_UP', organizationId: null });
    expect(rejected!.body).not.toContain('Not in our region yet');
    expect(hooks.receiver.receivedAt('/provider').every((one) => one.verifiedWith[0] === true)).toBe(true);
  });
});
