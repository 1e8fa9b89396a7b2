import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../support/factories';
import { provisionedOrganisation, SCIM, scimUser, seatsTaken, type ListResponse, type ProvisionedOrganisation } from '../../support/scim';
import { DATABASES, TEST_SERVICE_TOKEN } from '../../support/stack';
import { useStack } from '../../support/useStack';

/**
 * SCIM 2.0 provisioning at the gateway's /scim/v2/, driven as the identity providers' own
 * validation flows drive a SCIM server: Okta's SCIM 2.0 test suite (list with count 1, filter an
 * unknown userName, create, read, find, create again, an unknown id, deactivate, replace) and
 * Microsoft Entra ID's (its PATCH forms: "Replace", "True"/"False", value paths), then groups and
 * deletion.
 */

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
});
