import { randomUUID } from 'node:crypto';
import SCIMMY from 'scimmy';
import { beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../support/factories';
import { GraphQLSession, signedIn } from '../support/graphql';
import { provisionedOrganisation, SCIM, scimClient, scimUser, seatsTaken, type Loose, type ProvisionedOrganisation } from '../support/scim';
import { DATABASES, TEST_SERVICE_TOKEN } from '../support/stack';
import { useStack } from '../support/useStack';

/**
 * SCIM 2.0 provisioning at the gateway's /scim/v2/, driven as the identity providers' own
 * validation flows drive a SCIM server: Okta's SCIM 2.0 test suite (list with count 1, filter an
 * unknown userName, create, read, find, create again, an unknown id, deactivate, replace) and
 * Microsoft Entra ID's (its PATCH forms: "Replace", "True"/"False", value paths), then groups,
 * deletion, seats, domains and bad input.
 */

type ListResponse = { schemas: string[]; totalResults: number; startIndex: number; itemsPerPage: number; Resources: Loose[] };

describe.each(DATABASES)('SCIM provisioning on %s', (kind) => {
  const stack = useStack(kind);
  let org: ProvisionedOrganisation;

  beforeAll(async () => {
    org = await provisionedOrganisation(stack, { serviceToken: TEST_SERVICE_TOKEN });
  });

  it('walks Okta’s and Entra ID’s validation flow: list, filter, create, read, find, conflict, unknown id, deactivate, replace', async () => {
    const { scim, domain } = org;
    // Okta: GET /Users?startIndex=1&count=1
    const first = await scim<ListResponse>('GET', '/Users?startIndex=1&count=1');
    expect(first.status).toBe(200);
    expect(first.contentType).toMatch(/^application\/scim\+json/);
    expect(first.body).toMatchObject({ schemas: [SCIM.listResponse], startIndex: 1, itemsPerPage: 1 });
    expect(first.body.totalResults).toBeGreaterThanOrEqual(1);
    expect(first.body.Resources).toHaveLength(1);

    // Okta: filter by a random userName finds nobody.
    const unknown = await scim<ListResponse>('GET', `/Users?filter=${encodeURIComponent(`userName eq "${randomUUID()}@${domain}"`)}`);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ totalResults: 0, Resources: [] });

    // Create.
    const body = scimUser(domain);
    const created = await scim('POST', '/Users', body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      userName: body.userName,
      name: { givenName: 'Ada', familyName: 'Lovelace' },
      active: true,
      externalId: body.externalId,
      [SCIM.enterpriseUser]: { department: 'Engineering' },
      meta: { resourceType: 'User' },
    });
    const id = created.body.id as string;
    expect(created.headers.get('location')).toBe(`${stack.gatewayUrl}/scim/v2/Users/${id}`);
    expect(created.headers.get('etag')).toBe((created.body.meta as { version: string }).version);

    // The person is active at once on the default role, with no password and no mail.
    const [person] = await stack.db.query<{
      user_id: number;
      is_active: boolean;
      joined: boolean;
      password_hash: string | null;
      role_id: number;
    }>(
      `SELECT u.user_id, u.is_active, u.joined_at IS NOT NULL AS joined, u.password_hash, ur.role_id
         FROM client_users u JOIN user_roles ur ON ur.user_id = u.user_id WHERE u.uuid = $1`,
      [id],
    );
    expect(person).toMatchObject({ is_active: true, joined: true, password_hash: null, role_id: org.roleId });
    const mails = await stack.db.query('SELECT 1 FROM mail_outbox WHERE lower(to_address) = lower($1)', [body.userName]);
    expect(mails).toHaveLength(0);

    // Read.
    const read = await scim('GET', `/Users/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id, userName: body.userName, active: true });

    // Find by userName (any case), by externalId, by the email value path.
    for (const filter of [
      `userName eq "${body.userName.toUpperCase()}"`,
      `externalId eq "${body.externalId}"`,
      `emails[type eq "work" and value eq "${body.userName}"]`,
      `userName sw "${body.userName.slice(0, 10)}" and active eq true`,
    ]) {
      const found = await scim<ListResponse>('GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expect(found.status, filter).toBe(200);
      expect(
        found.body.Resources.map((user) => user.id),
        filter,
      ).toEqual([id]);
    }

    // Create again: uniqueness.
    const again = await scim('POST', '/Users', body);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ schemas: [SCIM.error], status: '409', scimType: 'uniqueness' });

    // An unknown id, or no id at all of ours.
    for (const unknownId of [randomUUID(), 'not-an-id', '12']) {
      const missing = await scim('GET', `/Users/${unknownId}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ schemas: [SCIM.error], status: '404' });
    }

    // Entra ID's deactivation: "Replace" and the string "False"; the person's sessions end.
    const session = await factories(stack.db).session({ userId: person!.user_id, clientId: org.organisation.clientId });
    const deactivated = await scim('PATCH', `/Users/${id}`, {
      schemas: [SCIM.patchOp],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.active).toBe(false);
    const [ended] = await stack.db.query<{ ended: boolean }>('SELECT ended_at IS NOT NULL AS ended FROM sessions WHERE session_id = $1', [
      session.sessionId,
    ]);
    expect(ended!.ended).toBe(true);

    // A replace that leaves active out never brings the person back…
    const replaced = await scim('PUT', `/Users/${id}`, { ...body, active: undefined, name: { givenName: 'Augusta', familyName: 'King' } });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ name: { givenName: 'Augusta', familyName: 'King' }, active: false });
    // …only the identity provider's explicit active: true does.
    const reactivated = await scim('PUT', `/Users/${id}`, { ...body, name: { givenName: 'Augusta', familyName: 'King' }, active: true });
    expect(reactivated.status).toBe(200);
    expect(reactivated.body).toMatchObject({ active: true, displayName: 'Augusta King' });

    // The audit log names the token for every change.
    const audit = await stack.db.query<{ action: string; token: string }>(
      `SELECT a.action, t.name AS token FROM audit_log a JOIN provisioning_tokens t ON t.token_id = a.provisioning_token_id
        WHERE a.entity_type = 'user' AND a.entity_id = $1 ORDER BY a.audit_id`,
      [String(person!.user_id)],
    );
    expect(audit.map((entry) => entry.action)).toEqual([
      'user.scim_create',
      'user.scim_deactivate',
      'user.scim_update',
      'user.scim_activate',
    ]);
  });

  it('applies Entra ID’s patches: value paths, "Add" without a path, the enterprise extension, booleans as strings', async () => {
    const { scim, domain } = org;
    const created = await scim('POST', '/Users', scimUser(domain));
    const id = created.body.id as string;
    const newAddress = `renamed-${randomUUID().slice(0, 8)}@${domain}`;
    const patched = await scim('PATCH', `/Users/${id}`, {
      schemas: [SCIM.patchOp],
      Operations: [
        { op: 'replace', path: 'emails[type eq "work"].value', value: newAddress },
        { op: 'Replace', path: 'name.familyName', value: 'Byron' },
        { op: 'Add', path: `${SCIM.enterpriseUser}:department`, value: 'Research' },
        { op: 'Add', value: { displayName: 'Ada Byron', 'name.givenName': 'Ada' } },
        { op: 'add', path: 'phoneNumbers[type eq "work"].value', value: '+1 555 0100' },
      ],
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({
      userName: newAddress,
      emails: [{ value: newAddress, primary: true }],
      name: { familyName: 'Byron' },
      [SCIM.enterpriseUser]: { department: 'Research' },
      phoneNumbers: [{ value: '+1 555 0100' }],
    });
    // What changed since a moment: meta.lastModified compared as a time.
    const since = new Date(new Date(patched.body.meta.lastModified as string).getTime() - 1000).toISOString();
    const later = new Date(Date.now() + 60_000).toISOString();
    const changedSince = await scim<ListResponse>(
      'GET',
      `/Users?filter=${encodeURIComponent(`meta.lastModified gt "${since}" and id eq "${id}"`)}`,
    );
    expect(changedSince.body.totalResults).toBe(1);
    const changedLater = await scim<ListResponse>('GET', `/Users?filter=${encodeURIComponent(`meta.lastModified ge "${later}"`)}`);
    expect(changedLater.body.totalResults).toBe(0);
    const before = await scim<ListResponse>(
      'GET',
      `/Users?filter=${encodeURIComponent(`meta.lastModified lt "${later}" and id eq "${id}"`)}`,
    );
    expect(before.body.totalResults).toBe(1);
    const removed = await scim('PATCH', `/Users/${id}`, {
      schemas: [SCIM.patchOp],
      Operations: [{ op: 'remove', path: 'phoneNumbers[type eq "work"]' }],
    });
    expect(removed.status).toBe(200);
    expect(removed.body.phoneNumbers).toEqual([]);
  });

  it('creates a group and adds and removes members by patch', async () => {
    const { scim, domain } = org;
    const [a, b] = await Promise.all([scim('POST', '/Users', scimUser(domain)), scim('POST', '/Users', scimUser(domain))]);
    const created = await scim('POST', '/Groups', {
      schemas: [SCIM.group],
      displayName: `Okta group ${randomUUID().slice(0, 6)}`,
      members: [],
    });
    expect(created.status).toBe(201);
    const groupId = created.body.id as string;
    const added = await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [SCIM.patchOp],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: a.body.id }, { value: b.body.id }] }],
    });
    expect(added.status).toBe(200);
    expect((added.body.members as { value: string }[]).map((member) => member.value).sort()).toEqual([a.body.id, b.body.id].sort());
    const found = await scim<ListResponse>(
      'GET',
      `/Groups?filter=${encodeURIComponent(`members[value eq "${a.body.id}"]`)}&excludedAttributes=members`,
    );
    expect(found.body.Resources.map((group) => group.id)).toEqual([groupId]);
    expect(found.body.Resources[0].members).toBeUndefined();
    const removed = await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [SCIM.patchOp],
      Operations: [{ op: 'Remove', path: `members[value eq "${a.body.id}"]` }],
    });
    expect(removed.status).toBe(200);
    expect((removed.body.members as { value: string }[]).map((member) => member.value)).toEqual([b.body.id]);
    // The person shows the group they are in.
    const member = await scim('GET', `/Users/${b.body.id}`);
    expect(member.body.groups).toEqual([expect.objectContaining({ value: groupId, display: created.body.displayName })]);
    // Renamed by replace, then deleted.
    const renamed = await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [SCIM.patchOp],
      Operations: [{ op: 'replace', value: { displayName: 'Renamed by Entra' } }],
    });
    expect(renamed.body.displayName).toBe('Renamed by Entra');
    expect((await scim('DELETE', `/Groups/${groupId}`)).status).toBe(204);
    expect((await scim('GET', `/Groups/${groupId}`)).status).toBe(404);
  });

  it('deletes a person: gone from SCIM, deactivated, seat freed, history kept; the same userName comes back only when created again', async () => {
    const { scim, domain } = org;
    const body = scimUser(domain);
    const created = await scim('POST', '/Users', body);
    const id = created.body.id as string;
    const before = await seatsTaken(stack.db, org.organisation.clientId, org.productId);
    expect((await scim('DELETE', `/Users/${id}`)).status).toBe(204);
    expect((await scim('GET', `/Users/${id}`)).status).toBe(404);
    expect(
      (await scim<ListResponse>('GET', `/Users?filter=${encodeURIComponent(`userName eq "${body.userName}"`)}`)).body.totalResults,
    ).toBe(0);
    expect(
      (await scim('PATCH', `/Users/${id}`, { schemas: [SCIM.patchOp], Operations: [{ op: 'replace', path: 'active', value: true }] }))
        .status,
    ).toBe(404);
    expect(await seatsTaken(stack.db, org.organisation.clientId, org.productId)).toBe(before - 1);
    const [row] = await stack.db.query<{ is_active: boolean; deleted: boolean; history: number }>(
      `SELECT u.is_active, u.deleted_at IS NOT NULL AS deleted,
              (SELECT count(*)::int FROM audit_log a WHERE a.entity_type = 'user' AND a.entity_id = u.user_id::text) AS history
         FROM client_users u WHERE u.uuid = $1`,
      [id],
    );
    expect(row).toMatchObject({ is_active: false, deleted: true, history: 2 });
    // Created again by the identity provider: the same person is back, active, on a seat.
    const again = await scim('POST', '/Users', body);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id, active: true });
    expect(await seatsTaken(stack.db, org.organisation.clientId, org.productId)).toBe(before);
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
