import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../support/factories';
import {
  provisionedOrganisation,
  SCIM,
  scimClient,
  scimUser,
  seatsTaken,
  type ListResponse,
  type ProvisionedOrganisation,
} from '../../support/scim';
import { DATABASES, TEST_SERVICE_TOKEN } from '../../support/stack';
import { useStack } from '../../support/useStack';

/**
 * What SCIM provisioning refuses, and how it says so: addresses outside the organisation's verified
 * domains, bad bodies, filters and versions, a missing, wrong or revoked token, more people than
 * the seats, and any reach into another organisation. And how the service describes itself.
 */

describe.each(DATABASES)('SCIM provisioning on %s', (kind) => {
  const stack = useStack(kind);
  let org: ProvisionedOrganisation;

  beforeAll(async () => {
    org = await provisionedOrganisation(stack, { serviceToken: TEST_SERVICE_TOKEN });
  });

  it('provisions only addresses of the organisation’s verified domains, and never touches a person of another organisation', async () => {
    const { scim } = org;
    const foreign = await scim('POST', '/Users', scimUser('unverified.example'));
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ scimType: 'invalidValue', detail: expect.stringContaining('unverified.example') });

    const make = factories(stack.db);
    const other = await make.organisation();
    const stranger = await make.user(other, { email: `stranger-${randomUUID().slice(0, 8)}@${org.domain}` });
    const clash = await scim('POST', '/Users', scimUser(org.domain, { userName: stranger.email, emails: undefined }));
    expect(clash.status).toBe(409);
    expect(clash.body.scimType).toBe('uniqueness');
    const [untouched] = await stack.db.query<{ client_id: number; first_name: string }>(
      'SELECT client_id, first_name FROM client_users WHERE user_id = $1',
      [stranger.userId],
    );
    expect(untouched).toEqual({ client_id: other.clientId, first_name: stranger.firstName });
    const invisible = await scim<ListResponse>('GET', `/Users?filter=${encodeURIComponent(`userName eq "${stranger.email}"`)}`);
    expect(invisible.body.totalResults).toBe(0);
    expect((await scim('GET', `/Users/${stranger.uuid}`)).status).toBe(404);
  });

  it('answers bad bodies, filters and versions with SCIM errors, never a 500', async () => {
    const { scim, domain } = org;
    const created = await scim('POST', '/Users', scimUser(domain));
    const id = created.body.id as string;
    const cases: [string, string, unknown, number, string | undefined][] = [
      ['POST', '/Users', '{"userName": ', 400, 'invalidSyntax'],
      ['POST', '/Users', '[1, 2]', 400, 'invalidSyntax'],
      ['POST', '/Users', { schemas: [SCIM.user] }, 400, 'invalidValue'],
      ['POST', '/Users', { userName: 'not an email' }, 400, 'invalidValue'],
      ['POST', '/Users', { userName: `x@${domain}`, active: 'perhaps' }, 400, 'invalidValue'],
      ['POST', '/Users', { userName: `x\u0000@${domain}` }, 400, 'invalidValue'],
      ['POST', '/Users', { ...scimUser(domain), id: 'chosen-by-me' }, 400, 'mutability'],
      ['GET', '/Users?filter=userName%20eq', undefined, 400, 'invalidFilter'],
      ['GET', `/Users?filter=${encodeURIComponent('password eq "x"')}`, undefined, 400, 'invalidFilter'],
      ['GET', `/Users?filter=${encodeURIComponent('active gt true')}`, undefined, 400, 'invalidFilter'],
      ['GET', `/Users?filter=${encodeURIComponent('meta.lastModified gt "yesterday"')}`, undefined, 400, 'invalidFilter'],
      [
        'GET',
        `/Users?filter=${encodeURIComponent(Array.from({ length: 25 }, (_, i) => `userName eq "${i}"`).join(' or '))}`,
        undefined,
        400,
        'tooMany',
      ],
      ['GET', '/Users?count=lots', undefined, 400, 'invalidValue'],
      ['PATCH', `/Users/${id}`, { Operations: [{ op: 'replace', path: 'active', value: false }] }, 400, 'invalidSyntax'],
      ['PATCH', `/Users/${id}`, { schemas: [SCIM.patchOp], Operations: [{ op: 'move', path: 'active' }] }, 400, 'invalidSyntax'],
      ['PATCH', `/Users/${id}`, { schemas: [SCIM.patchOp], Operations: [{ op: 'replace', path: 'id', value: 'x' }] }, 400, 'mutability'],
      [
        'PATCH',
        `/Users/${id}`,
        { schemas: [SCIM.patchOp], Operations: [{ op: 'replace', path: 'emails[type eq "home"].value', value: `y@${domain}` }] },
        400,
        'noTarget',
      ],
      [
        'PATCH',
        `/Users/${id}`,
        { schemas: [SCIM.patchOp], Operations: [{ op: 'replace', path: 'emails[type eq', value: 1 }] },
        400,
        undefined,
      ],
      ['PUT', `/Users/${id}`, { userName: `moved@elsewhere.example` }, 400, 'invalidValue'],
      ['POST', '/Groups', { members: [] }, 400, 'invalidValue'],
      ['POST', '/Groups', { displayName: 'Ghosts', members: [{ value: randomUUID() }] }, 400, 'invalidValue'],
    ];
    for (const [method, path, body, status, scimType] of cases) {
      const answer = await scim(method, path, body);
      const label = `${method} ${path} ${JSON.stringify(body)}`;
      expect(answer.status, label).toBe(status);
      expect(answer.body.schemas, label).toEqual([SCIM.error]);
      expect(answer.body.status, label).toBe(String(status));
      if (scimType) expect(answer.body.scimType, label).toBe(scimType);
    }
    const huge = await scim('POST', '/Users', JSON.stringify({ userName: `big@${domain}`, displayName: 'x'.repeat(1_100_000) }));
    expect(huge.status).toBe(413);
    expect(huge.body.schemas).toEqual([SCIM.error]);
    const plain = await scim('POST', '/Users', 'userName=x', { 'content-type': 'text/plain' });
    expect(plain.status).toBe(415);
    // If-Match: a stale version changes nothing.
    const stale = await scim(
      'PUT',
      `/Users/${id}`,
      { ...scimUser(domain), userName: created.body.userName, name: { givenName: 'Stale' } },
      { 'if-match': 'W/"stale"' },
    );
    expect(stale.status).toBe(412);
    expect((await scim('GET', `/Users/${id}`)).body.name.givenName).toBe('Ada');
    const current = await scim(
      'PUT',
      `/Users/${id}`,
      { userName: created.body.userName, name: { givenName: 'Fresh' } },
      { 'if-match': created.body.meta.version },
    );
    expect(current.status).toBe(200);
    // The same read again with its version: not modified.
    const unchanged = await fetch(`${stack.gatewayUrl}/scim/v2/Users/${id}`, {
      headers: { authorization: `Bearer ${org.token}`, 'if-none-match': current.body.meta.version },
    });
    expect(unchanged.status).toBe(304);
  });

  it('describes itself: ServiceProviderConfig, ResourceTypes and Schemas', async () => {
    const { scim } = org;
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      patch: { supported: true },
      filter: { supported: true, maxResults: 200 },
      bulk: { supported: false },
      etag: { supported: true },
      authenticationSchemes: [expect.objectContaining({ type: 'oauthbearertoken' })],
    });
    const types = await scim<ListResponse>('GET', '/ResourceTypes');
    expect(types.body.Resources.map((type) => type.endpoint)).toEqual(['/Users', '/Groups']);
    expect((await scim('GET', '/ResourceTypes/User')).body.schemaExtensions).toEqual([{ schema: SCIM.enterpriseUser, required: false }]);
    const schemas = await scim<ListResponse>('GET', '/Schemas');
    expect(schemas.body.Resources.map((schema) => schema.id)).toEqual([SCIM.user, SCIM.enterpriseUser, SCIM.group]);
    const user = await scim('GET', `/Schemas/${SCIM.user}`);
    expect(user.body.attributes.map((attribute: { name: string }) => attribute.name)).toEqual(
      expect.arrayContaining(['userName', 'name', 'emails', 'active', 'externalId', 'groups']),
    );
    expect((await scim('GET', '/Schemas/urn:example:unknown')).status).toBe(404);
    expect((await scim('GET', '/Bulk')).status).toBe(404);
  });

  it('refuses a missing, wrong or revoked token, and a token of an organisation whose provisioning is off', async () => {
    const noToken = await fetch(`${stack.gatewayUrl}/scim/v2/Users`);
    expect(noToken.status).toBe(401);
    expect(noToken.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(((await noToken.json()) as { schemas: string[] }).schemas).toEqual([SCIM.error]);
    const wrong = await scimClient(stack.gatewayUrl, 'yozy_scim_not-a-token')('GET', '/Users');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/invalid_token/);

    const other = await provisionedOrganisation(stack, { serviceToken: TEST_SERVICE_TOKEN });
    expect((await other.scim('GET', '/Users')).status).toBe(200);
    await stack.db.query('UPDATE provisioning_settings SET enabled = false WHERE client_id = $1', [other.organisation.clientId]);
    expect((await other.scim('GET', '/Users')).status).toBe(403);
    await stack.db.query('UPDATE provisioning_settings SET enabled = true WHERE client_id = $1', [other.organisation.clientId]);
    await stack.db.query('UPDATE provisioning_tokens SET revoked_at = now() WHERE client_id = $1', [other.organisation.clientId]);
    expect((await other.scim('GET', '/Users')).status).toBe(401);
    // Its first use was recorded once, for the event of a connected identity provider.
    const firstUse = await stack.db.query("SELECT 1 FROM audit_log WHERE action = 'provisioning.token_first_use' AND client_id = $1", [
      other.organisation.clientId,
    ]);
    expect(firstUse).toHaveLength(1);
  });
});

describe.each(DATABASES)('SCIM seats and tenants on %s', (kind) => {
  const stack = useStack(kind);

  it('gives 20 concurrent creates for the last 5 seats exactly 5 people, and the rest a SCIM error that says why', async () => {
    // The admin takes one of 6 seats: 5 are left.
    const org = await provisionedOrganisation(stack, { capacity: 6, serviceToken: TEST_SERVICE_TOKEN });
    const answers = await Promise.all(Array.from({ length: 20 }, () => org.scim('POST', '/Users', scimUser(org.domain))));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body).toMatchObject({ schemas: [SCIM.error], detail: expect.stringMatching(/has 0 of 6 seats left/) });
    }
    const [people] = await stack.db.query<{ count: number }>('SELECT count(*)::int AS count FROM client_users WHERE client_id = $1', [
      org.organisation.clientId,
    ]);
    expect(people!.count).toBe(6);
    expect(await seatsTaken(stack.db, org.organisation.clientId, org.productId)).toBe(6);
  });

  it('never lets one organisation’s token read or change another’s people or groups, whatever ids or filters it sends', async () => {
    const mine = await provisionedOrganisation(stack, { serviceToken: TEST_SERVICE_TOKEN });
    const theirs = await provisionedOrganisation(stack, { serviceToken: TEST_SERVICE_TOKEN });
    const person = await theirs.scim('POST', '/Users', scimUser(theirs.domain));
    const group = await theirs.scim('POST', '/Groups', { displayName: 'Theirs', members: [{ value: person.body.id }] });
    const id = person.body.id as string;
    const before = await theirs.scim('GET', `/Users/${id}`);

    const { scim } = mine;
    expect((await scim('GET', `/Users/${id}`)).status).toBe(404);
    expect((await scim('PUT', `/Users/${id}`, scimUser(mine.domain))).status).toBe(404);
    expect(
      (await scim('PATCH', `/Users/${id}`, { schemas: [SCIM.patchOp], Operations: [{ op: 'replace', path: 'active', value: false }] }))
        .status,
    ).toBe(404);
    expect((await scim('DELETE', `/Users/${id}`)).status).toBe(404);
    expect((await scim('GET', `/Groups/${group.body.id}`)).status).toBe(404);
    expect(
      (
        await scim('PATCH', `/Groups/${group.body.id}`, {
          schemas: [SCIM.patchOp],
          Operations: [{ op: 'add', path: 'members', value: [] }],
        })
      ).status,
    ).toBe(404);
    expect((await scim('DELETE', `/Groups/${group.body.id}`)).status).toBe(404);
    for (const filter of [
      `id eq "${id}"`,
      `userName eq "${person.body.userName}"`,
      `userName ew "${theirs.domain}"`,
      `externalId eq "${person.body.externalId}"`,
      `not (userName ew "${mine.domain}")`,
      'userName pr',
    ]) {
      const found = await scim<ListResponse>('GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expect(found.status, filter).toBe(200);
      const theirPeople = found.body.Resources.filter((user) => user.id === id || (user.userName as string).endsWith(theirs.domain));
      expect(theirPeople, filter).toEqual([]);
      const [mineOnly] = await stack.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM client_users WHERE uuid = ANY($1::uuid[]) AND client_id <> $2',
        [found.body.Resources.map((user) => user.id as string), mine.organisation.clientId],
      );
      expect(mineOnly!.count, filter).toBe(0);
    }
    const groups = await scim<ListResponse>('GET', `/Groups?filter=${encodeURIComponent('displayName eq "Theirs"')}`);
    expect(groups.body.totalResults).toBe(0);
    // Their person cannot be made a member of my group, nor provisioned into my organisation.
    const myGroup = await scim('POST', '/Groups', { displayName: 'Mine', members: [{ value: id }] });
    expect(myGroup.status).toBe(400);
    expect((await scim('POST', '/Users', scimUser(mine.domain, { userName: person.body.userName }))).status).toBe(400);
    const after = await theirs.scim('GET', `/Users/${id}`);
    expect(after.body).toEqual(before.body);
  });
});
