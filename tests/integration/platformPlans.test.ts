import { beforeAll, describe, expect, it } from 'vitest';
import { GraphQLSession, signedIn } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const PLAN_FIELDS = 'id productId productName name planGroup cost currency frequency capacity retired licenceCount';

const PLAN_MASTER = /* GraphQL */ `
  query ($page: PageInput, $search: String, $filter: ManagedPlanFilter, $sort: ManagedPlanSort) {
    planMaster(page: $page, search: $search, filter: $filter, sort: $sort) {
      totalCount
      pageInfo { offset limit hasNextPage hasPreviousPage }
      nodes { ${PLAN_FIELDS} }
    }
  }
`;
const CREATE = `mutation ($input: CreatePlanInput!) { createPlan(input: $input) { plan { ${PLAN_FIELDS} } errors { code field message } } }`;
const UPDATE = `mutation ($input: UpdatePlanInput!) { updatePlan(input: $input) { plan { ${PLAN_FIELDS} } errors { code field message } } }`;
const RETIRE = `mutation ($id: ID!, $retired: Boolean!) { setPlanRetired(input: { id: $id, retired: $retired }) { plan { id retired } errors { code } } }`;
const DELETE = 'mutation ($id: ID!) { deletePlan(input: { id: $id }) { deletedId errors { code field message } } }';
const SUBMIT_ENQUIRY = 'mutation ($input: SubmitEnquiryInput!) { submitEnquiry(input: $input) { enquiryId errors { code field } } }';
const CATALOGUE = '{ products { id name plans { id name } } }';

type Plan = { id: string; name: string; capacity: number; retired: boolean; licenceCount: number; productName: string };
type Catalogue = { products: { id: string; name: string; plans: { id: string; name: string }[] }[] };

describe.each(DATABASES)('the plan master over /graphql on %s', (kind) => {
  const stack = useStack(kind);
  let provider: GraphQLSession;
  let webProductId: string;

  const offered = async () => {
    const answer = await new GraphQLSession(stack.gatewayUrl).request<Catalogue>(CATALOGUE);
    return answer.data!.products.flatMap((product) => product.plans.map((plan) => plan.name));
  };

  beforeAll(async () => {
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const catalogue = await new GraphQLSession(stack.gatewayUrl).request<Catalogue>(CATALOGUE);
    webProductId = catalogue.data!.products.find((product) => product.name === 'Yozy Web')!.id;
  });

  const terms = (name: string) => ({
    productId: webProductId,
    name,
    planGroup: 'STANDARD',
    cost: 199,
    currency: 'USD',
    frequency: 'MONTHLY',
    capacity: 120,
  });

  it('refuses organisation admins and members every read and change, changing nothing', async () => {
    const [business] = await stack.db.query<{ plan_id: number }>("SELECT plan_id FROM plans WHERE plan_name = 'Web Business'");
    const before = await stack.db.query('SELECT * FROM plans ORDER BY plan_id');
    for (const email of ['admin@acme.local', 'admin@globex.local', 'member@acme.local']) {
      const session = await signedIn(stack.gatewayUrl, email);
      const answers = await Promise.all([
        session.request(PLAN_MASTER),
        session.request(CREATE, { input: terms(`Sneaky ${email}`) }),
        session.request(RETIRE, { id: String(business!.plan_id), retired: true }),
        session.request(DELETE, { id: String(business!.plan_id) }),
      ]);
      expect(answers.map((answer) => answer.errors?.[0]?.extensions?.code)).toEqual(['FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN']);
    }
    expect(await stack.db.query('SELECT * FROM plans ORDER BY plan_id')).toEqual(before);
  });

  it('lists every plan with how many licences hold it, searched, filtered and sorted on the server', async () => {
    const answer = await provider.request<{ planMaster: { totalCount: number; nodes: Plan[] } }>(PLAN_MASTER, {
      search: 'yozy web',
      sort: { field: 'CAPACITY', direction: 'DESC' },
      page: { limit: 1 },
    });
    expect(answer.errors).toBeUndefined();
    // Every plan of Yozy Web counts, and each licence ever given on a plan, lapsed ones included.
    const [web] = await stack.db.query<{ plans: number; enterpriseLicences: number }>(
      `SELECT (SELECT count(*)::int FROM plans pl JOIN products p ON p.product_id = pl.product_id WHERE p.product_name = 'Yozy Web') AS plans,
              (SELECT count(*)::int FROM licences l JOIN plans pl ON pl.plan_id = l.plan_id
                WHERE pl.plan_name = 'Web Enterprise') AS "enterpriseLicences"`,
    );
    expect(web!.plans).toBeGreaterThan(1);
    expect(web!.enterpriseLicences).toBeGreaterThan(0);
    expect(answer.data!.planMaster.totalCount).toBe(web!.plans);
    expect(answer.data!.planMaster.nodes.map((plan) => [plan.name, plan.capacity, plan.licenceCount])).toEqual([
      ['Web Enterprise', 500, web!.enterpriseLicences],
    ]);
  });

  it('refuses a plan group outside the list (Lite or Standard), on a new plan and on a change, writing nothing', async () => {
    const before = await stack.db.query('SELECT * FROM plans ORDER BY plan_id');
    for (const planGroup of ['MICROSAS', 'standard-ish', 'ENTERPRISE']) {
      const answer = await provider.request<{ createPlan: { plan: Plan | null; errors: unknown[] } }>(CREATE, {
        input: { ...terms(`Web Typo ${planGroup}`), planGroup },
      });
      expect(answer.data!.createPlan).toEqual({
        plan: null,
        errors: [{ code: 'BAD_USER_INPUT', field: 'planGroup', message: 'Choose Lite or Standard' }],
      });
    }
    const [business] = await stack.db.query<{ plan_id: number }>("SELECT plan_id FROM plans WHERE plan_name = 'Web Business'");
    const { productId: _product, ...changes } = terms('Web Business');
    const changed = await provider.request<{ updatePlan: { errors: unknown[] } }>(UPDATE, {
      input: { ...changes, id: String(business!.plan_id), capacity: 50, planGroup: 'MICROSAS' },
    });
    expect(changed.data!.updatePlan.errors).toEqual([{ code: 'BAD_USER_INPUT', field: 'planGroup', message: 'Choose Lite or Standard' }]);
    expect(await stack.db.query('SELECT * FROM plans ORDER BY plan_id')).toEqual(before);
  });

  it('adds a plan that the sign-up form offers at once, then retires it: no longer offered, nor accepted for sign-up', async () => {
    const created = await provider.request<{ createPlan: { plan: Plan; errors: unknown[] } }>(CREATE, { input: terms('Web Growth') });
    expect(created.data!.createPlan.errors).toEqual([]);
    const plan = created.data!.createPlan.plan;
    expect(plan).toMatchObject({ name: 'Web Growth', productName: 'Yozy Web', retired: false, licenceCount: 0 });
    expect(await offered()).toContain('Web Growth');

    const retired = await provider.request(RETIRE, { id: plan.id, retired: true });
    expect(retired.data).toEqual({ setPlanRetired: { plan: { id: plan.id, retired: true }, errors: [] } });
    expect(await offered()).not.toContain('Web Growth');
    const visitor = new GraphQLSession(stack.gatewayUrl);
    const enquiry = await visitor.request<{ submitEnquiry: { errors: { code: string; field: string }[] } }>(SUBMIT_ENQUIRY, {
      input: {
        companyName: 'Late Comers Ltd',
        adminFirstName: 'Lena',
        adminLastName: 'Late',
        adminEmail: `lena.${kind}@late.example`,
        contactName: 'Lena Late',
        contactEmail: `lena.${kind}@late.example`,
        productId: webProductId,
        planId: plan.id,
        captcha: await visitor.captcha(),
      },
    });
    expect(enquiry.data!.submitEnquiry.errors).toEqual([expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'planId' })]);
    const onlyRetired = await provider.request<{ planMaster: { nodes: Plan[] } }>(PLAN_MASTER, { filter: { retired: true } });
    expect(onlyRetired.data!.planMaster.nodes.map((p) => p.name)).toEqual(['Web Growth']);

    const [audit] = await stack.db.query<{ actions: string[] }>(
      "SELECT array_agg(action ORDER BY audit_id) AS actions FROM audit_log WHERE entity_type = 'plan' AND entity_id = $1",
      [plan.id],
    );
    expect(audit!.actions).toEqual(['plan.create', 'plan.retire']);
  });

  it('names the field of a value out of range, and of a name the product has already', async () => {
    const tooDear = await provider.request<{ createPlan: { errors: { code: string; field: string }[] } }>(CREATE, {
      input: { ...terms('Web Dear'), cost: 1e12 },
    });
    expect(tooDear.data!.createPlan.errors).toEqual([expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'cost' })]);
    const twice = await provider.request<{ createPlan: { errors: { code: string; field: string }[] } }>(CREATE, {
      input: terms('Web Business'),
    });
    expect(twice.data!.createPlan.errors).toEqual([expect.objectContaining({ code: 'CONFLICT', field: 'name' })]);
  });

  it('changes a plan’s terms; refuses to delete a plan in use and deletes an unused one', async () => {
    const [business] = await stack.db.query<{ plan_id: number }>("SELECT plan_id FROM plans WHERE plan_name = 'Web Business'");
    const inUse = await provider.request<{ deletePlan: { deletedId: string | null; errors: { code: string; message: string }[] } }>(
      DELETE,
      {
        id: String(business!.plan_id),
      },
    );
    expect(inUse.data!.deletePlan.deletedId).toBeNull();
    expect(inUse.data!.deletePlan.errors[0]).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('retire it instead') });

    const created = await provider.request<{ createPlan: { plan: Plan } }>(CREATE, { input: terms('Web Trial') });
    const { productId: _product, ...changes } = terms('Web Trial Plus');
    const updated = await provider.request<{ updatePlan: { plan: Plan } }>(UPDATE, {
      input: { id: created.data!.createPlan.plan.id, ...changes, capacity: 130 },
    });
    expect(updated.data!.updatePlan.plan).toMatchObject({ name: 'Web Trial Plus', capacity: 130 });

    const deleted = await provider.request(DELETE, { id: created.data!.createPlan.plan.id });
    expect(deleted.data).toEqual({ deletePlan: { deletedId: created.data!.createPlan.plan.id, errors: [] } });
    expect(await offered()).not.toContain('Web Trial Plus');
  });
});
