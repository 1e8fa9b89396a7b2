import { beforeAll, describe, expect, it } from 'vitest';
import { GraphQLSession, signedIn } from '../support/graphql';
import { factories, unique, type Organisation, type Plan } from '../support/factories';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const LICENCE_FIELDS = 'id organizationId productId planId planName capacity validTill isActive seatsUsed seatsCapacity';
const PAYLOAD = `licence { ${LICENCE_FIELDS} } errors { code field message }`;
const ADD = `mutation ($input: AddLicenceInput!) { addLicence(input: $input) { ${PAYLOAD} } }`;
const EXTEND = `mutation ($input: ExtendLicenceInput!) { extendLicence(input: $input) { ${PAYLOAD} } }`;
const CHANGE_PLAN = `mutation ($input: ChangeLicencePlanInput!) { changeLicencePlan(input: $input) { ${PAYLOAD} } }`;
const SET_ACTIVE = `mutation ($input: SetLicenceActiveInput!) { setLicenceActive(input: $input) { ${PAYLOAD} } }`;
const LIST = `query ($organizationId: ID) { licences(organizationId: $organizationId) { totalCount nodes { ${LICENCE_FIELDS} } } }`;

type Licence = {
  id: string;
  planId: string;
  planName: string;
  capacity: number;
  validTill: string;
  isActive: boolean;
  seatsUsed: number;
  seatsCapacity: number;
};
type UserError = { code: string; field: string | null; message: string };
type Payload = { licence: Licence | null; errors: UserError[] };

describe.each(DATABASES)('licence actions over /graphql on %s', (kind) => {
  const stack = useStack(kind);
  let provider: GraphQLSession;

  beforeAll(async () => {
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
  });

  const day = async (days: number) =>
    (await stack.db.query<{ day: string }>("SELECT to_char(current_date + $1::int, 'YYYY-MM-DD') AS day", [days]))[0]!.day;

  /** An organisation of its own whose `seats` people hold a role for a product of its own with plans of these capacities. */
  async function scene(capacities: number[], seats: number) {
    const make = factories(stack.db);
    const organisation: Organisation = await make.organisation();
    const first: Plan = await make.plan({ capacity: capacities[0] });
    const plans = [{ id: String(first.planId), name: first.planName, capacity: first.capacity }];
    for (const capacity of capacities.slice(1)) {
      const name = unique('Plan');
      const [row] = await stack.db.query<{ plan_id: number }>(
        `INSERT INTO plans (product_id, plan_name, plan_group, cost, currency, frequency, capacity)
         VALUES ($1, $2, 'STANDARD', 5, 'USD', 'YEARLY', $3) RETURNING plan_id`,
        [first.productId, name, capacity],
      );
      plans.push({ id: String(row!.plan_id), name, capacity });
    }
    for (let n = 0; n < seats; n++) await make.role(await make.user(organisation), first);
    return { organisation, organizationId: String(organisation.clientId), productId: String(first.productId), plans };
  }

  const licenceRow = async (id: string) =>
    (
      await stack.db.query<{ plan_id: number; valid_till: string; is_active: boolean }>(
        "SELECT plan_id, to_char(valid_till, 'YYYY-MM-DD') AS valid_till, is_active FROM licences WHERE licence_id = $1",
        [Number(id)],
      )
    )[0];
  const auditActions = async (id: string) =>
    (
      await stack.db.query<{ action: string }>(
        "SELECT action FROM audit_log WHERE entity_type = 'licence' AND entity_id = $1 ORDER BY audit_id",
        [id],
      )
    ).map((row) => row.action);
  const licencesOf = (organizationId: string) =>
    stack.db.query('SELECT licence_id, plan_id, valid_till, is_active FROM licences WHERE client_id = $1 ORDER BY licence_id', [
      Number(organizationId),
    ]);

  async function add(s: Awaited<ReturnType<typeof scene>>, planIndex = 0, days = 30) {
    const answer = await provider.request<{ addLicence: Payload }>(ADD, {
      input: { organizationId: s.organizationId, productId: s.productId, planId: s.plans[planIndex]!.id, validTill: await day(days) },
    });
    expect(answer.data!.addLicence.errors).toEqual([]);
    return answer.data!.addLicence.licence!;
  }

  it('adds a licence the list shows with its seats, and refuses a second live one of the product', async () => {
    const s = await scene([40, 20], 3);
    const licence = await add(s);
    expect(licence).toMatchObject({
      planId: s.plans[0]!.id,
      capacity: 40,
      validTill: await day(30),
      isActive: true,
      seatsUsed: 3,
      seatsCapacity: 40,
    });
    const listed = await provider.request<{ licences: { nodes: Licence[] } }>(LIST, { organizationId: s.organizationId });
    expect(listed.data!.licences.nodes).toEqual([licence]);

    const before = await licencesOf(s.organizationId);
    const second = await provider.request<{ addLicence: Payload }>(ADD, {
      input: { organizationId: s.organizationId, productId: s.productId, planId: s.plans[1]!.id, validTill: await day(90) },
    });
    expect(second.data!.addLicence.licence).toBeNull();
    expect(second.data!.addLicence.errors).toEqual([
      { code: 'CONFLICT', field: 'productId', message: expect.stringContaining(`${s.organisation.companyName} already has a live`) },
    ]);
    expect(await licencesOf(s.organizationId)).toEqual(before);
    expect(await auditActions(licence.id)).toEqual(['licence.create']);
  });

  it('answers bad input with field errors and writes nothing', async () => {
    const s = await scene([10, 5], 1);
    const other = await scene([10], 0);
    const licence = await add(s);
    const before = await licencesOf(s.organizationId);
    const refusals = await Promise.all([
      provider.request<{ addLicence: Payload }>(ADD, {
        input: { organizationId: other.organizationId, productId: other.productId, planId: s.plans[0]!.id, validTill: await day(5) },
      }),
      provider.request<{ addLicence: Payload }>(ADD, {
        input: { organizationId: other.organizationId, productId: other.productId, planId: other.plans[0]!.id, validTill: '31-12-2030' },
      }),
      provider.request<{ extendLicence: Payload }>(EXTEND, { input: { id: licence.id, validTill: await day(10) } }),
      provider.request<{ changeLicencePlan: Payload }>(CHANGE_PLAN, { input: { id: licence.id, planId: other.plans[0]!.id } }),
    ]);
    expect(refusals.map((answer) => Object.values(answer.data!)[0]!.errors.map(({ code, field }) => ({ code, field })))).toEqual([
      [{ code: 'BAD_USER_INPUT', field: 'planId' }],
      [{ code: 'BAD_USER_INPUT', field: 'validTill' }],
      [{ code: 'BAD_USER_INPUT', field: 'validTill' }],
      [{ code: 'BAD_USER_INPUT', field: 'planId' }],
    ]);
    expect(await licencesOf(s.organizationId)).toEqual(before);
    expect(await licencesOf(other.organizationId)).toEqual([]);
    expect(await auditActions(licence.id)).toEqual(['licence.create']);
  });

  it('extends a licence to a later day', async () => {
    const s = await scene([10], 0);
    const licence = await add(s);
    const later = await day(400);
    const answer = await provider.request<{ extendLicence: Payload }>(EXTEND, { input: { id: licence.id, validTill: later } });
    expect(answer.data!.extendLicence).toEqual({ licence: { ...licence, validTill: later }, errors: [] });
    expect((await licenceRow(licence.id))!.valid_till).toBe(later);
    expect(await auditActions(licence.id)).toEqual(['licence.create', 'licence.extend']);
  });

  it('changes the plan, and refuses a plan below the seats in use, writing nothing', async () => {
    const s = await scene([10, 2, 4], 3);
    const licence = await add(s);
    const refused = await provider.request<{ changeLicencePlan: Payload }>(CHANGE_PLAN, {
      input: { id: licence.id, planId: s.plans[1]!.id },
    });
    expect(refused.data!.changeLicencePlan).toEqual({
      licence: null,
      errors: [{ code: 'SEAT_LIMIT', field: 'planId', message: `${s.organisation.companyName} uses 3 seats; ${s.plans[1]!.name} holds 2` }],
    });
    expect((await licenceRow(licence.id))!.plan_id).toBe(Number(s.plans[0]!.id));
    expect(await auditActions(licence.id)).toEqual(['licence.create']);

    const changed = await provider.request<{ changeLicencePlan: Payload }>(CHANGE_PLAN, {
      input: { id: licence.id, planId: s.plans[2]!.id },
    });
    expect(changed.data!.changeLicencePlan.licence).toMatchObject({ planId: s.plans[2]!.id, capacity: 4, seatsCapacity: 4, seatsUsed: 3 });
    expect(await auditActions(licence.id)).toEqual(['licence.create', 'licence.change_plan']);
  });

  it('deactivates a licence, its seats gone, and reactivates it', async () => {
    const s = await scene([10], 2);
    const licence = await add(s);
    const off = await provider.request<{ setLicenceActive: Payload }>(SET_ACTIVE, { input: { id: licence.id, isActive: false } });
    expect(off.data!.setLicenceActive.licence).toMatchObject({ isActive: false, seatsCapacity: 0, seatsUsed: 2 });
    const on = await provider.request<{ setLicenceActive: Payload }>(SET_ACTIVE, { input: { id: licence.id, isActive: true } });
    expect(on.data!.setLicenceActive.licence).toMatchObject({ isActive: true, seatsCapacity: 10 });
    expect(await auditActions(licence.id)).toEqual(['licence.create', 'licence.deactivate', 'licence.reactivate']);
  });

  it('refuses every action to an OrgAdmin (their own organisation’s licence too), a member and anonymous, writing nothing', async () => {
    const [acme] = await stack.db.query<{ client_id: number }>("SELECT client_id FROM clients WHERE company_name = 'Acme Corporation'");
    const [own] = await stack.db.query<{ licence_id: number; product_id: number; plan_id: number }>(
      'SELECT licence_id, product_id, plan_id FROM licences WHERE client_id = $1 ORDER BY licence_id LIMIT 1',
      [acme!.client_id],
    );
    const before = await licencesOf(String(acme!.client_id));
    const callers = [
      ['admin@acme.local', 'FORBIDDEN'],
      ['member@acme.local', 'FORBIDDEN'],
      [null, 'UNAUTHENTICATED'],
    ] as const;
    for (const [email, code] of callers) {
      const session = email ? await signedIn(stack.gatewayUrl, email) : new GraphQLSession(stack.gatewayUrl);
      const id = String(own!.licence_id);
      const answers = await Promise.all([
        session.request(ADD, {
          input: {
            organizationId: String(acme!.client_id),
            productId: String(own!.product_id),
            planId: String(own!.plan_id),
            validTill: '2099-01-01',
          },
        }),
        session.request(EXTEND, { input: { id, validTill: '2099-01-01' } }),
        session.request(CHANGE_PLAN, { input: { id, planId: String(own!.plan_id) } }),
        session.request(SET_ACTIVE, { input: { id, isActive: false } }),
      ]);
      expect(answers.map((answer) => answer.errors?.[0]?.extensions?.code)).toEqual([code, code, code, code]);
      expect(answers.map((answer) => answer.data)).toEqual([null, null, null, null]);
    }
    expect(await licencesOf(String(acme!.client_id))).toEqual(before);
  });
});
