import { beforeAll, describe, expect, it } from 'vitest';
import { GraphQLSession, signedIn } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const PAYLOAD = 'region { id code name active organizationCount } errors { code field message }';
const CREATE = `mutation ($input: CreateRegionInput!) { createRegion(input: $input) { ${PAYLOAD} } }`;
const RENAME = `mutation ($input: RenameRegionInput!) { renameRegion(input: $input) { ${PAYLOAD} } }`;
const SET_ACTIVE = `mutation ($input: SetRegionActiveInput!) { setRegionActive(input: $input) { ${PAYLOAD} } }`;
const DELETE = 'mutation ($id: ID!) { deleteRegion(input: { id: $id }) { deletedId errors { code field message } } }';

type Region = { id: string; code: string; name: string; active: boolean; organizationCount: number };
type UserError = { code: string; field: string | null; message: string };
type Payload<Name extends string> = Record<Name, { region: Region | null; errors: UserError[] }>;

describe.each(DATABASES)('changing the regions over /graphql on %s', (kind) => {
  const stack = useStack(kind);
  let provider: GraphQLSession;
  beforeAll(async () => {
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
  });

  const regionRows = () => stack.db.query('SELECT region_id, region_code, region_name, is_active FROM regions ORDER BY region_id');
  const auditActions = async (id: string) =>
    (
      await stack.db.query<{ action: string }>(
        "SELECT action FROM audit_log WHERE entity_type = 'region' AND entity_id = $1 ORDER BY audit_id",
        [id],
      )
    ).map((row) => row.action);

  it('adds a region, renames it, retires and reactivates it, then deletes it, each in the audit log', async () => {
    const created = await provider.request<Payload<'createRegion'>>(CREATE, { input: { code: 'AF-South-1', name: 'Africa (Cape Town)' } });
    const region = created.data!.createRegion.region!;
    expect(created.data!.createRegion.errors).toEqual([]);
    expect(region).toMatchObject({ code: 'af-south-1', name: 'Africa (Cape Town)', active: true, organizationCount: 0 });

    const renamed = await provider.request<Payload<'renameRegion'>>(RENAME, { input: { id: region.id, name: 'Africa (Johannesburg)' } });
    expect(renamed.data!.renameRegion.region).toMatchObject({ code: 'af-south-1', name: 'Africa (Johannesburg)' });
    const retired = await provider.request<Payload<'setRegionActive'>>(SET_ACTIVE, { input: { id: region.id, active: false } });
    expect(retired.data!.setRegionActive.region!.active).toBe(false);
    const offered = await provider.request<Payload<'setRegionActive'>>(SET_ACTIVE, { input: { id: region.id, active: true } });
    expect(offered.data!.setRegionActive.region!.active).toBe(true);
    const deleted = await provider.request<{ deleteRegion: { deletedId: string; errors: UserError[] } }>(DELETE, { id: region.id });
    expect(deleted.data!.deleteRegion).toEqual({ deletedId: region.id, errors: [] });
    expect(await stack.db.query('SELECT 1 FROM regions WHERE region_id = $1', [Number(region.id)])).toEqual([]);
    expect(await auditActions(region.id)).toEqual([
      'region.create',
      'region.rename',
      'region.retire',
      'region.reactivate',
      'region.delete',
    ]);
  });

  it('keeps a region an organisation names as a default: deleting is refused with a reason, retiring works', async () => {
    const [used] = await stack.db.query<{ id: string; name: string }>(
      `SELECT r.region_id::text AS id, r.region_name AS name FROM regions r
        WHERE EXISTS (SELECT 1 FROM org_settings s WHERE r.region_code = ANY (s.default_regions)) ORDER BY r.region_id LIMIT 1`,
    );
    const refused = await provider.request<{ deleteRegion: { deletedId: string | null; errors: UserError[] } }>(DELETE, { id: used!.id });
    expect(refused.data!.deleteRegion).toEqual({
      deletedId: null,
      errors: [
        { code: 'CONFLICT', field: 'id', message: expect.stringContaining(`${used!.name} among its default regions; retire it instead`) },
      ],
    });
    expect(await stack.db.query('SELECT 1 FROM regions WHERE region_id = $1', [Number(used!.id)])).toHaveLength(1);
    const retired = await provider.request<Payload<'setRegionActive'>>(SET_ACTIVE, { input: { id: used!.id, active: false } });
    expect(retired.data!.setRegionActive.region).toMatchObject({ active: false, organizationCount: expect.any(Number) });
    await provider.request(SET_ACTIVE, { input: { id: used!.id, active: true } });
  });

  it('answers bad input with the field to fix and writes nothing', async () => {
    const before = await regionRows();
    const [taken] = await stack.db.query<{ id: string; code: string; name: string }>(
      'SELECT region_id::text AS id, region_code AS code, region_name AS name FROM regions ORDER BY region_id LIMIT 1',
    );
    const answers = await Promise.all([
      provider.request<Payload<'createRegion'>>(CREATE, { input: { code: 'not a code', name: 'Somewhere' } }),
      provider.request<Payload<'createRegion'>>(CREATE, { input: { code: 'zz-1', name: ' ' } }),
      provider.request<Payload<'createRegion'>>(CREATE, { input: { code: taken!.code, name: 'Copy' } }),
      provider.request<Payload<'renameRegion'>>(RENAME, { input: { id: taken!.id, name: 'x'.repeat(101) } }),
    ]);
    expect(answers.map((answer) => Object.values(answer.data!)[0]!.errors.map(({ code, field }) => [code, field]))).toEqual([
      [['BAD_USER_INPUT', 'code']],
      [['BAD_USER_INPUT', 'name']],
      [['CONFLICT', 'code']],
      [['BAD_USER_INPUT', 'name']],
    ]);
    expect(await regionRows()).toEqual(before);
  });

  it('refuses organisation admins, members and callers without a session, writing nothing', async () => {
    const before = await regionRows();
    const [region] = await stack.db.query<{ id: string }>('SELECT region_id::text AS id FROM regions ORDER BY region_id LIMIT 1');
    const callers = [
      ['FORBIDDEN', await signedIn(stack.gatewayUrl, 'admin@acme.local')],
      ['FORBIDDEN', await signedIn(stack.gatewayUrl, 'member@acme.local')],
      ['UNAUTHENTICATED', new GraphQLSession(stack.gatewayUrl)],
    ] as const;
    for (const [code, session] of callers) {
      const answers = await Promise.all([
        session.request(CREATE, { input: { code: 'sneaky-1', name: 'Sneaky' } }),
        session.request(RENAME, { input: { id: region!.id, name: 'Sneaky' } }),
        session.request(SET_ACTIVE, { input: { id: region!.id, active: false } }),
        session.request(DELETE, { id: region!.id }),
      ]);
      expect(answers.map((answer) => answer.errors?.[0]?.extensions?.code)).toEqual([code, code, code, code]);
    }
    expect(await regionRows()).toEqual(before);
  });
});
