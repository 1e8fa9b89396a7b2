import { randomUUID } from 'node:crypto';
import SCIMMY from 'scimmy';
import { describe, expect, it } from 'vitest';
import { GraphQLSession, signedIn } from '../../support/graphql';
import { provisionedOrganisation, scimClient, scimUser, type ListResponse, type Loose } from '../../support/scim';
import { DATABASES, TEST_SERVICE_TOKEN } from '../../support/stack';
import { useStack } from '../../support/useStack';

/**
 * SCIM provisioning as an organisation's admin turns it on through the console's GraphQL API, and
 * as an independent SCIM implementation (scimmy) speaks it.
 */

describe.each(DATABASES)('SCIM provisioning turned on through GraphQL on %s', (kind) => {
  const stack = useStack(kind);

  const SETTINGS = `query { provisioning { enabled role { name productName } baseUrl tokens { id name lastUsedAt } } }`;
  const UPDATE = `mutation ($input: ProvisioningSettingsInput!) { updateProvisioningSettings(input: $input) { settings { enabled role { id name } } errors { code field message } } }`;
  const CREATE = `mutation ($organizationId: ID!, $name: String) {
    createProvisioningToken(organizationId: $organizationId, name: $name) { token baseUrl provisioningToken { id name } errors { code message } }
  }`;
  const REVOKE = `mutation ($organizationId: ID!, $tokenId: ID!) { revokeProvisioningToken(organizationId: $organizationId, tokenId: $tokenId) { settings { tokens { id } } errors { code } } }`;

  it('lets Acme’s admin turn provisioning on, issue a token shown once, and provision a person of acme.local with it; an API key issues none', async () => {
    const admin = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    const [acme] = await stack.db.query<{ client_id: number; role_id: number }>(
      `SELECT c.client_id, (SELECT r.role_id FROM roles r JOIN licences l ON l.product_id = r.product_id
                              WHERE l.client_id = c.client_id AND r.is_active ORDER BY r.role_id LIMIT 1) AS role_id
         FROM clients c WHERE c.company_name = 'Acme Corporation'`,
    );
    const refused = await admin.request<Loose>(UPDATE, { input: { enabled: true } });
    expect(refused.data.updateProvisioningSettings.errors).toEqual([expect.objectContaining({ field: 'roleId' })]);
    const on = await admin.request<Loose>(UPDATE, { input: { enabled: true, roleId: String(acme!.role_id) } });
    expect(on.data.updateProvisioningSettings).toMatchObject({ settings: { enabled: true }, errors: [] });

    const created = await admin.request<Loose>(CREATE, { organizationId: String(acme!.client_id), name: 'Okta' });
    const { token, baseUrl, provisioningToken } = created.data.createProvisioningToken;
    expect(token).toMatch(/^yozy_scim_/);
    expect(baseUrl).toBe(`${stack.gatewayUrl}/scim/v2`);
    const [stored] = await stack.db.query<{ token_hash: string }>('SELECT token_hash FROM provisioning_tokens WHERE token_id = $1', [
      Number(provisioningToken.id),
    ]);
    expect(stored!.token_hash).not.toContain(token);

    // The demo's acme.local is verified: a person of it is provisioned at once.
    const scim = scimClient(baseUrl.replace(/\/scim\/v2$/, ''), token);
    const person = await scim('POST', '/Users', scimUser('acme.local'));
    expect(person.status).toBe(201);
    const settings = await admin.request<Loose>(SETTINGS);
    expect(settings.data.provisioning.tokens).toEqual([
      expect.objectContaining({ id: provisioningToken.id, name: 'Okta', lastUsedAt: expect.any(String) }),
    ]);
    const audit = await admin.request<Loose>(
      `{ auditLog(page: { limit: 20 }, filter: { action: "user.scim_create" }) { nodes { action provisioningTokenName } } }`,
    );
    expect(audit.errors).toBeUndefined();
    expect(audit.data.auditLog.nodes[0]).toMatchObject({ action: 'user.scim_create', provisioningTokenName: 'Okta' });

    // An API key of the provider reaching Acme cannot issue a token.
    const provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const key = await provider.request<Loose>(
      `mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret errors { message } } }`,
      { input: { name: 'Provisioning test', access: 'READ_WRITE', organizationId: String(acme!.client_id) } },
    );
    const tool = new GraphQLSession(stack.gatewayUrl, { authorization: `Bearer ${key.data.createApiKey.secret}` });
    const byKey = await tool.request<Loose>(CREATE, { organizationId: String(acme!.client_id) });
    expect(byKey.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    // Revoked: the token's next request is refused.
    const revoked = await admin.request<Loose>(REVOKE, { organizationId: String(acme!.client_id), tokenId: provisioningToken.id });
    expect(revoked.data.revokeProvisioningToken).toMatchObject({ settings: { tokens: [] }, errors: [] });
    expect((await scim('GET', '/Users')).status).toBe(401);
  });
});

describe.each(DATABASES)('SCIM through an independent implementation (scimmy) on %s', (kind) => {
  const stack = useStack(kind);

  it('takes requests scimmy builds, answers what scimmy’s RFC 7643 schemas accept, and filters as scimmy’s own engine does', async () => {
    const org = await provisionedOrganisation(stack, { serviceToken: TEST_SERVICE_TOKEN });
    const { scim, domain } = org;
    const people = [
      ['Ada', 'Lovelace', true],
      ['Alan', 'Turing', true],
      ['Grace', 'Hopper', false],
      ['Edsger', 'Dijkstra', true],
      ['Barbara', 'Liskov', false],
    ] as const;
    const ids: string[] = [];
    for (const [givenName, familyName, active] of people) {
      const email = `${givenName.toLowerCase()}.${familyName.toLowerCase()}@${domain}`;
      const request = new SCIMMY.Schemas.User(
        {
          userName: email,
          name: { givenName, familyName },
          displayName: `${givenName} ${familyName}`,
          emails: [{ value: email, type: 'work', primary: true }],
          active,
        },
        'in',
      );
      const created = await scim('POST', '/Users', JSON.parse(JSON.stringify(request)));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      // scimmy's coercion throws on anything the User schema does not allow (a wrong type, a missing userName).
      const read = new SCIMMY.Schemas.User(created.body, 'out');
      expect(read.userName).toBe(email);
      expect(read.active).toBe(active);
      ids.push(created.body.id as string);
    }

    const all = await scim<ListResponse>('GET', '/Users?count=200');
    const list = new SCIMMY.Messages.ListResponse(all.body as Loose);
    expect(list.totalResults).toBe(people.length + 1);
    const resources = list.Resources.map((resource) => new SCIMMY.Schemas.User(resource, 'out') as unknown as Record<string, unknown>);
    expect(resources.map((resource) => resource.id)).toEqual(expect.arrayContaining(ids));

    for (const expression of [
      'userName sw "a"',
      `userName ew "${domain}" and active eq false`,
      'name.familyName eq "Turing"',
      'displayName co "ar" or name.givenName eq "Ada"',
      'not (active eq true)',
      `emails[type eq "work" and value sw "edsger"]`,
      'externalId pr',
    ]) {
      const filter = new SCIMMY.Types.Filter(expression);
      const expected = filter
        .match(all.body.Resources)
        .map((resource: { id: string }) => resource.id)
        .sort();
      const found = await scim<ListResponse>('GET', `/Users?filter=${encodeURIComponent(filter.expression)}`);
      expect(found.status, expression).toBe(200);
      expect(found.body.Resources.map((resource) => resource.id as string).sort(), expression).toEqual(expected);
    }

    const patch = new SCIMMY.Messages.PatchOp({
      schemas: [SCIMMY.Messages.PatchOp.id],
      Operations: [
        { op: 'replace', path: 'name.givenName', value: 'Augusta Ada' },
        { op: 'replace', path: 'active', value: false },
      ],
    });
    const patched = await scim('PATCH', `/Users/${ids[0]}`, JSON.parse(JSON.stringify(patch)));
    expect(patched.status).toBe(200);
    expect(new SCIMMY.Schemas.User(patched.body, 'out')).toMatchObject({ name: { givenName: 'Augusta Ada' }, active: false });

    const group = new SCIMMY.Schemas.Group({ displayName: 'Pioneers', members: ids.slice(0, 3).map((value) => ({ value })) }, 'in');
    const created = await scim('POST', '/Groups', JSON.parse(JSON.stringify(group)));
    expect(created.status).toBe(201);
    const read = new SCIMMY.Schemas.Group(created.body, 'out') as unknown as { displayName: string; members: { value: string }[] };
    expect(read.displayName).toBe('Pioneers');
    expect(read.members.map((member) => member.value).sort()).toEqual(ids.slice(0, 3).sort());

    // An error is the message scimmy knows.
    const missing = await scim('GET', `/Users/${randomUUID()}`);
    expect(missing.body).toMatchObject({ schemas: [SCIMMY.Messages.Error.id], status: '404' });
  });
});
