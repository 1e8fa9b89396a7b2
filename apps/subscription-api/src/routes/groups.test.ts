import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRestApi, type RestApi } from '#testing/restApi';

type Group = { GroupId: number; ClientId: number; GroupName: string; Description: string | null; MemberCount: number; CreatedAt: string };
type Person = { UserId: number; UserFirstname: string; OfficialEmail: string; IsMember?: boolean };

let api: RestApi;
const PEOPLE = ['admin@yozy.local', 'admin@acme.local', 'admin@globex.local', 'member@acme.local'] as const;
let tokens: Record<(typeof PEOPLE)[number], string>;
let acme: number;
let globex: number;
const userId = async (email: string) =>
  (await api.db.query<{ user_id: number }>('SELECT user_id FROM client_users WHERE lower(email) = $1', [email]))[0]!.user_id;

beforeAll(async () => {
  api = await openRestApi();
  tokens = await api.signInEach(PEOPLE);
  const clients = await api.db.query<{ client_id: number; company_name: string }>('SELECT client_id, company_name FROM clients');
  acme = clients.find((c) => c.company_name === 'Acme Corporation')!.client_id;
  globex = clients.find((c) => c.company_name === 'Globex Industries')!.client_id;
});
afterAll(() => api.close());

const auditOf = (groupId: number) =>
  api.db.query<{ action: string; actor_user_id: number; client_id: number; before: unknown; after: unknown; ip: string | null }>(
    `SELECT action, actor_user_id, client_id, before, after, ip FROM audit_log WHERE entity_type = 'group' AND entity_id = $1 ORDER BY audit_id`,
    [String(groupId)],
  );

describe('groups over REST', () => {
  it('lists only the caller’s organisation’s groups with member counts, searched and sorted', async () => {
    const answer = await api.agent
      .get('/agilesaas_itsmassignmentgroup_master?order=GroupName.desc')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .set({ prefer: 'count=exact' });
    expect(answer.status).toBe(200);
    expect(answer.body.map((g: Group) => g.GroupName)).toEqual(['Support', 'Sales', 'On-call', 'Engineering']);
    expect(new Set(answer.body.map((g: Group) => g.ClientId))).toEqual(new Set([acme]));
    expect(answer.body.find((g: Group) => g.GroupName === 'On-call')).toMatchObject({
      MemberCount: 2,
      Description: 'Out-of-hours incidents, one week each',
    });

    const searched = await api.agent
      .get('/agilesaas_itsmassignmentgroup_master?or=(GroupName.ilike.*sup*)')
      .auth(tokens['admin@acme.local'], { type: 'bearer' });
    expect(searched.body.map((g: Group) => g.GroupName)).toEqual(['Support']);

    const other = await api.agent
      .get(`/agilesaas_itsmassignmentgroup_master?ClientId=eq.${globex}`)
      .auth(tokens['admin@acme.local'], { type: 'bearer' });
    expect(other.status).toBe(403);
    expect(
      (await api.agent.get('/agilesaas_itsmassignmentgroup_master').auth(tokens['member@acme.local'], { type: 'bearer' })).status,
    ).toBe(403);
    expect((await api.agent.get('/agilesaas_itsmassignmentgroup_master')).status).toBe(401);
  });

  it('creates, renames and deletes a group, each with its audit entry in the same change', async () => {
    const created = await api.agent
      .post('/agilesaas_itsmassignmentgroup_master')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .set({ 'x-client-address': '203.0.113.9' })
      .send({ GroupName: '  Night shift ', Description: 'Covers 22:00 to 06:00' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ClientId: acme, GroupName: 'Night shift', Description: 'Covers 22:00 to 06:00', MemberCount: 0 });
    const id = created.body.GroupId;

    const clash = await api.agent
      .post('/agilesaas_itsmassignmentgroup_master')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send({ GroupName: 'night SHIFT' });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({ code: 'CONFLICT', field: 'GroupName' });
    const blank = await api.agent
      .post('/agilesaas_itsmassignmentgroup_master')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send({ GroupName: ' ' });
    expect(blank.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'GroupName', message: 'Enter the group name' });

    const renamed = await api.agent
      .post('/agilesaas_itsmassignmentgroup_master/update')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .set({ 'x-client-address': '203.0.113.9' })
      .send({ GroupId: id, GroupName: 'Night watch', Description: 'Covers 22:00 to 06:00' });
    expect(renamed.body).toMatchObject({ GroupId: id, GroupName: 'Night watch' });

    const deleted = await api.agent
      .post('/agilesaas_itsmassignmentgroup_master/delete')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .set({ 'x-client-address': '203.0.113.9' })
      .send({ GroupId: id });
    expect(deleted).toMatchObject({ status: 200, body: { GroupId: id } });
    expect(await api.db.query('SELECT 1 FROM groups WHERE group_id = $1', [id])).toEqual([]);

    const admin = await userId('admin@acme.local');
    expect(await auditOf(id)).toEqual([
      {
        action: 'group.create',
        actor_user_id: admin,
        client_id: acme,
        before: null,
        after: { name: 'Night shift', description: 'Covers 22:00 to 06:00' },
        ip: '203.0.113.9',
      },
      {
        action: 'group.update',
        actor_user_id: admin,
        client_id: acme,
        before: { name: 'Night shift' },
        after: { name: 'Night watch' },
        ip: '203.0.113.9',
      },
      {
        action: 'group.delete',
        actor_user_id: admin,
        client_id: acme,
        before: { name: 'Night watch', description: 'Covers 22:00 to 06:00', memberIds: [] },
        after: null,
        ip: '203.0.113.9',
      },
    ]);
  });

  it('lets a SuperAdmin create a group in the organisation they name; an OrgAdmin may not name another', async () => {
    const made = await api.agent
      .post('/agilesaas_itsmassignmentgroup_master')
      .auth(tokens['admin@yozy.local'], { type: 'bearer' })
      .send({ ClientId: globex, GroupName: 'Auditors' });
    expect(made.body).toMatchObject({ ClientId: globex, GroupName: 'Auditors' });
    const refused = await api.agent
      .post('/agilesaas_itsmassignmentgroup_master')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send({ ClientId: globex, GroupName: 'Moles' });
    expect(refused.status).toBe(403);
    expect(await api.db.query(`SELECT 1 FROM groups WHERE name = 'Moles'`)).toEqual([]);
  });

  it('refuses changes to another organisation’s group and writes nothing', async () => {
    const [globexGroup] = await api.db.query<{ group_id: number; name: string }>(
      `SELECT group_id, name FROM groups WHERE client_id = $1 ORDER BY group_id LIMIT 1`,
      [globex],
    );
    const id = globexGroup!.group_id;
    const before = await api.db.query('SELECT * FROM group_members WHERE group_id = $1 ORDER BY user_id', [id]);
    const auditBefore = await auditOf(id);
    const calls = [
      api.agent
        .post('/agilesaas_itsmassignmentgroup_master/update')
        .auth(tokens['admin@acme.local'], { type: 'bearer' })
        .send({ GroupId: id, GroupName: 'Taken' }),
      api.agent
        .post('/agilesaas_itsmassignmentgroup_master/delete')
        .auth(tokens['admin@acme.local'], { type: 'bearer' })
        .send({ GroupId: id }),
      api.agent
        .post('/subscription_user_group_mapping')
        .auth(tokens['admin@acme.local'], { type: 'bearer' })
        .send({ GroupId: id, UserIds: [await userId('admin@acme.local')] }),
      api.agent
        .post('/subscription_user_group_mapping/remove')
        .auth(tokens['admin@acme.local'], { type: 'bearer' })
        .send({ GroupId: id, UserIds: [await userId('mindy.simmons@globex.local')] }),
      api.agent.get(`/subscription_user_group_mapping?GroupId=eq.${id}`).auth(tokens['admin@acme.local'], { type: 'bearer' }),
      api.agent.get(`/subscription_user_group_mapping/candidates?GroupId=eq.${id}`).auth(tokens['admin@acme.local'], { type: 'bearer' }),
    ];
    for (const answer of await Promise.all(calls)) {
      expect(answer.status).toBe(403);
      expect(JSON.stringify(answer.body)).not.toContain('globex.local');
    }
    expect(await api.db.query('SELECT name FROM groups WHERE group_id = $1', [id])).toEqual([{ name: globexGroup!.name }]);
    expect(await api.db.query('SELECT * FROM group_members WHERE group_id = $1 ORDER BY user_id', [id])).toEqual(before);
    expect(await auditOf(id)).toEqual(auditBefore);
  });

  it('adds and removes members of the group’s own organisation only, whatever ids are sent', async () => {
    const group = (
      await api.agent
        .post('/agilesaas_itsmassignmentgroup_master')
        .auth(tokens['admin@acme.local'], { type: 'bearer' })
        .send({ GroupName: 'Pickers' })
    ).body;
    const tom = await userId('tom.baker@acme.local');
    const elena = await userId('elena.petrova@acme.local');
    const mindy = await userId('mindy.simmons@globex.local');

    const stranger = await api.agent
      .post('/subscription_user_group_mapping')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send({ GroupId: group.GroupId, UserIds: [tom, mindy] });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'UserIds' });
    expect(await api.db.query('SELECT 1 FROM group_members WHERE group_id = $1', [group.GroupId])).toEqual([]);

    const added = await api.agent
      .post('/subscription_user_group_mapping')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send({ GroupId: group.GroupId, UserIds: [tom, elena, tom] });
    expect(added.body.MemberCount).toBe(2);

    const members = await api.agent
      .get(`/subscription_user_group_mapping?GroupId=eq.${group.GroupId}&order=UserFirstname.asc`)
      .auth(tokens['admin@acme.local'], { type: 'bearer' });
    expect(members.body.map((m: Person) => m.OfficialEmail)).toEqual(['elena.petrova@acme.local', 'tom.baker@acme.local']);

    const candidates = await api.agent
      .get(`/subscription_user_group_mapping/candidates?GroupId=eq.${group.GroupId}&or=(UserFirstname.ilike.*e*)&order=UserFirstname.asc`)
      .auth(tokens['admin@acme.local'], { type: 'bearer' });
    expect(candidates.body.every((p: Person) => p.OfficialEmail.endsWith('@acme.local'))).toBe(true);
    expect(candidates.body.find((p: Person) => p.UserId === elena)?.IsMember).toBe(true);
    expect(candidates.body.find((p: Person) => p.UserId !== elena)?.IsMember).toBe(false);

    const removed = await api.agent
      .post('/subscription_user_group_mapping/remove')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send({ GroupId: group.GroupId, UserIds: [tom] });
    expect(removed.body.MemberCount).toBe(1);
    expect((await auditOf(group.GroupId)).map((row) => [row.action, row.after ?? row.before])).toEqual([
      ['group.create', { name: 'Pickers', description: null }],
      ['group.add_members', { addedUserIds: [tom, elena].sort((a, b) => a - b) }],
      ['group.remove_members', { removedUserIds: [tom] }],
    ]);

    const unnamed = await api.agent.get('/subscription_user_group_mapping').auth(tokens['admin@acme.local'], { type: 'bearer' });
    expect(unnamed.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'GroupId' });
    const gone = await api.agent
      .post('/subscription_user_group_mapping')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send({ GroupId: 999999, UserIds: [tom] });
    expect(gone.status).toBe(404);
  });
});
