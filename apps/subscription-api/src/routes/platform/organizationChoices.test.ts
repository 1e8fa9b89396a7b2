import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, openRestApi, type RestApi } from '#testing/restApi';

type Choice = { ChoiceId: number; ChoiceList: string; ChoiceName: string; IsActive: boolean; OrganizationCount: number };

let api: RestApi;
let provider: string;
beforeAll(async () => {
  api = await openRestApi();
  provider = await api.signIn('admin@yozy.local');
});
afterAll(() => api.close());

const PATH = '/platform/organization_choices';
const list = (query: string, token = provider) => api.agent.get(`${PATH}?${query}`).auth(token, { type: 'bearer' });
const choiceRows = () => api.db.query('SELECT * FROM organization_choices ORDER BY choice_id');
const clientRows = () => api.db.query('SELECT client_id, business_vertical, client_type FROM clients ORDER BY client_id');

describe('GET /platform/organization_choices', () => {
  it('lists each list’s entries by name with how many organisations chose each', async () => {
    const answer = await list('ChoiceList=eq.BusinessVertical&order=ChoiceName.asc&limit=100');
    expect(answer.status).toBe(200);
    const names = answer.body.map((row: Choice) => row.ChoiceName);
    expect(names).toEqual(expect.arrayContaining(['Finance', 'Industrial', 'SaaS', 'Utilities', 'Logistics']));
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const [{ n } = { n: 0 }] = await api.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM clients WHERE business_vertical = 'Finance'",
    );
    expect(n).toBeGreaterThan(0);
    expect(answer.body.find((row: Choice) => row.ChoiceName === 'Finance')).toMatchObject({ IsActive: true, OrganizationCount: n });
    const types = await list('ChoiceList=eq.ClientType&limit=100');
    expect(types.body.map((row: Choice) => row.ChoiceName).sort()).toEqual(['Enterprise', 'Provider', 'SMB', 'Startup']);
  });

  it('offers the active entries to the public sign-up form, without counts', async () => {
    const answer = await api.agent.get('/form/organization_choices?limit=100');
    expect(answer.status).toBe(200);
    expect(answer.body).toContainEqual({ ChoiceList: 'ClientType', ChoiceName: 'Startup' });
    expect(Object.keys(answer.body[0]).sort()).toEqual(['ChoiceList', 'ChoiceName']);
  });

  it('is for the provider’s SuperAdmins only', async () => {
    expect((await list('limit=1', await api.signIn('admin@acme.local'))).status).toBe(403);
    expect((await api.agent.get(`${PATH}?limit=1`)).status).toBe(401);
  });
});

describe('changing the lists', () => {
  it('adds a vertical, renames it (organisations follow), retires and reactivates it, and deletes it once unused, each audited', async () => {
    const [me] = await api.db.query<{ user_id: number }>("SELECT user_id FROM client_users WHERE email = 'admin@yozy.local'");
    const created = await api.agent
      .post(PATH)
      .auth(provider, { type: 'bearer' })
      .send({ ChoiceList: 'BusinessVertical', ChoiceName: ' Agritech ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ChoiceList: 'BusinessVertical', ChoiceName: 'Agritech', IsActive: true, OrganizationCount: 0 });
    const id = created.body.ChoiceId;
    const one = `${PATH}?ChoiceId=eq.${id}`;

    const [initech] = await api.db.query<{ client_id: number; business_vertical: string }>(
      "SELECT client_id, business_vertical FROM clients WHERE company_name = 'Initech Ltd'",
    );
    const chose = await api.agent
      .patch(`/subscription_client_details?ClientId=eq.${initech!.client_id}`)
      .auth(provider, { type: 'bearer' })
      .send({ BusinessVertical: 'agritech' });
    expect(chose.body.BusinessVertical).toBe('Agritech');

    const renamed = await api.agent.patch(one).auth(provider, { type: 'bearer' }).send({ ChoiceName: 'Agriculture' });
    expect(renamed.body).toMatchObject({ ChoiceName: 'Agriculture', OrganizationCount: 1 });
    expect(await api.db.query('SELECT business_vertical FROM clients WHERE client_id = $1', [initech!.client_id])).toEqual([
      { business_vertical: 'Agriculture' },
    ]);

    const inUse = await api.agent.delete(one).auth(provider, { type: 'bearer' });
    expect([inUse.status, inUse.body.error.field]).toEqual([409, 'ChoiceId']);
    expect(inUse.body.error.message).toBe('1 organisation has Agriculture as business vertical; retire it instead');

    expect((await api.agent.patch(one).auth(provider, { type: 'bearer' }).send({ IsActive: false })).body.IsActive).toBe(false);
    expect((await api.agent.patch(one).auth(provider, { type: 'bearer' }).send({ IsActive: true })).body.IsActive).toBe(true);
    await api.agent
      .patch(`/subscription_client_details?ClientId=eq.${initech!.client_id}`)
      .auth(provider, { type: 'bearer' })
      .send({ BusinessVertical: initech!.business_vertical });
    expect((await api.agent.delete(one).auth(provider, { type: 'bearer' })).status).toBe(204);

    const audit = await api.db.query<{ action: string; actor_user_id: number; before: unknown; after: unknown }>(
      "SELECT action, actor_user_id, before, after FROM audit_log WHERE entity_type = 'organizationChoice' AND entity_id = $1 ORDER BY audit_id",
      [String(id)],
    );
    expect(audit.map((entry) => entry.action)).toEqual([
      'organizationChoice.create',
      'organizationChoice.rename',
      'organizationChoice.retire',
      'organizationChoice.reactivate',
      'organizationChoice.delete',
    ]);
    expect(audit[1]).toEqual({
      action: 'organizationChoice.rename',
      actor_user_id: me!.user_id,
      before: { ChoiceName: 'Agritech' },
      after: { ChoiceName: 'Agriculture' },
    });
  });

  it.each([
    [{ ChoiceList: 'Country', ChoiceName: 'Somewhere' }, 400, 'ChoiceList'],
    [{ ChoiceList: 'ClientType', ChoiceName: '' }, 400, 'ChoiceName'],
    [{ ChoiceList: 'ClientType', ChoiceName: 'x'.repeat(101) }, 400, 'ChoiceName'],
    [{ ChoiceList: 'ClientType', ChoiceName: 'smb' }, 409, 'ChoiceName'],
  ])('refuses %o, naming the field and writing nothing', async (body, status, field) => {
    const before = await choiceRows();
    const answer = await api.agent.post(PATH).auth(provider, { type: 'bearer' }).send(body);
    expect([answer.status, answer.body.error.field]).toEqual([status, field]);
    expect(await choiceRows()).toEqual(before);
  });

  it('lets the same name stand in both lists', async () => {
    const answer = await api.agent.post(PATH).auth(provider, { type: 'bearer' }).send({ ChoiceList: 'ClientType', ChoiceName: 'Finance' });
    expect(answer.status).toBe(201);
    expect((await api.agent.delete(`${PATH}?ChoiceId=eq.${answer.body.ChoiceId}`).auth(provider, { type: 'bearer' })).status).toBe(204);
  });

  it('refuses an organisation admin and a caller without a session, writing nothing', async () => {
    const before = [await choiceRows(), await clientRows()];
    const orgAdmin = await api.signIn('admin@acme.local');
    const [first] = await api.db.query<{ choice_id: number }>('SELECT choice_id FROM organization_choices ORDER BY choice_id LIMIT 1');
    const one = `${PATH}?ChoiceId=eq.${first!.choice_id}`;
    for (const token of [orgAdmin, undefined]) {
      const answers = await Promise.all([
        api.agent.post(PATH).use(bearer(token)).send({ ChoiceList: 'ClientType', ChoiceName: 'Sneaky' }),
        api.agent.patch(one).use(bearer(token)).send({ ChoiceName: 'Sneaky' }),
        api.agent.delete(one).use(bearer(token)),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual(token ? [403, 403, 403] : [401, 401, 401]);
    }
    expect([await choiceRows(), await clientRows()]).toEqual(before);
  });
});
