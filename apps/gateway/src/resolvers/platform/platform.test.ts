import { describe, expect, it, vi } from 'vitest';
import type { ManagedPlanRecord } from '#datasources/types';
import { restError } from '#errors';
import { CALLERS, execute, fakeContext } from '#testing/fakes';

const PLAN: ManagedPlanRecord = {
  PlanId: 7,
  ProductId: 2,
  ProductName: 'Yozy Web',
  PlanName: 'Web Business',
  PlanGroup: 'STANDARD',
  Cost: 49,
  Currency: 'USD',
  Frequency: 'MONTHLY',
  Capacity: 50,
  Retired: false,
  LicenceCount: 3,
  Deletable: false,
};

const PLAN_FIELDS = 'id productId productName name planGroup cost currency frequency capacity retired licenceCount';

const PLAN_MASTER = /* GraphQL */ `
  query ($search: String, $filter: ManagedPlanFilter, $sort: ManagedPlanSort) {
    planMaster(search: $search, filter: $filter, sort: $sort, page: { offset: 0, limit: 10 }) {
      totalCount
      nodes { ${PLAN_FIELDS} }
    }
  }
`;

const CREATE = /* GraphQL */ `
  mutation ($input: CreatePlanInput!) {
    createPlan(input: $input) {
      plan { ${PLAN_FIELDS} }
      errors { code field message }
    }
  }
`;

const DELETE = /* GraphQL */ `
  mutation ($id: ID!) {
    deletePlan(input: { id: $id }) {
      deletedId
      errors {
        code
        field
        message
      }
    }
  }
`;

const NEW_PLAN = {
  productId: '2',
  name: 'Web Scale',
  planGroup: 'STANDARD',
  cost: 99.5,
  currency: 'USD',
  frequency: 'MONTHLY',
  capacity: 80,
};

describe('the plan master', () => {
  it.each([
    ['anonymous', 'UNAUTHENTICATED'],
    ['memberOfA', 'FORBIDDEN'],
    ['orgAdminOfA', 'FORBIDDEN'],
  ] as const)('refuses %s with %s before asking the REST service', async (caller, code) => {
    const listPlans = vi.fn();
    const createPlan = vi.fn();
    const context = () => fakeContext({ viewer: CALLERS[caller], sources: { platform: { listPlans, createPlan } } });
    const list = await execute(PLAN_MASTER, {}, context());
    const create = await execute(CREATE, { input: NEW_PLAN }, context());
    expect([list.errors?.[0]?.extensions, create.errors?.[0]?.extensions]).toEqual([{ code }, { code }]);
    expect(listPlans).not.toHaveBeenCalled();
    expect(createPlan).not.toHaveBeenCalled();
  });

  it('lists plans for a SuperAdmin with the search, filter and sort as REST parameters', async () => {
    const listPlans = vi.fn(async (_params: URLSearchParams) => ({ rows: [PLAN], contentRange: '0-0/1' }));
    const answer = await execute(
      PLAN_MASTER,
      { search: 'web', filter: { retired: false, productId: '2' }, sort: { field: 'CAPACITY', direction: 'DESC' } },
      fakeContext({ viewer: CALLERS.superAdmin, sources: { platform: { listPlans } } }),
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({
      planMaster: {
        totalCount: 1,
        nodes: [
          {
            id: '7',
            productId: '2',
            productName: 'Yozy Web',
            name: 'Web Business',
            planGroup: 'STANDARD',
            cost: 49,
            currency: 'USD',
            frequency: 'MONTHLY',
            capacity: 50,
            retired: false,
            licenceCount: 3,
          },
        ],
      },
    });
    const params = listPlans.mock.calls[0]![0];
    expect(Object.fromEntries(params)).toEqual({
      limit: '10',
      offset: '0',
      or: '(PlanName.ilike."*web*",PlanGroup.ilike."*web*",ProductName.ilike."*web*")',
      ProductId: 'eq.2',
      Retired: 'eq.false',
      order: 'Capacity.desc',
    });
  });

  it('creates a plan from the input in REST names', async () => {
    const createPlan = vi.fn(async () => ({ ...PLAN, PlanId: 8, PlanName: 'Web Scale' }));
    const answer = await execute(
      CREATE,
      { input: NEW_PLAN },
      fakeContext({ viewer: CALLERS.superAdmin, sources: { platform: { createPlan } } }),
    );
    expect(answer.data).toMatchObject({ createPlan: { plan: { id: '8', name: 'Web Scale' }, errors: [] } });
    expect(createPlan).toHaveBeenCalledWith({
      ProductId: '2',
      PlanName: 'Web Scale',
      PlanGroup: 'STANDARD',
      Cost: 99.5,
      Currency: 'USD',
      Frequency: 'MONTHLY',
      Capacity: 80,
    });
  });

  it('answers a refused value in the payload, under the input field’s name', async () => {
    const createPlan = vi.fn(() => Promise.reject(restError(400, { code: 'BAD_REQUEST', message: 'Too much', field: 'Cost' })));
    const answer = await execute(
      CREATE,
      { input: NEW_PLAN },
      fakeContext({ viewer: CALLERS.superAdmin, sources: { platform: { createPlan } } }),
    );
    expect(answer.data).toEqual({ createPlan: { plan: null, errors: [{ code: 'BAD_USER_INPUT', field: 'cost', message: 'Too much' }] } });
  });

  it('answers the deletion of a plan in use with CONFLICT in the payload', async () => {
    const deletePlan = vi.fn(() =>
      Promise.reject(restError(409, { code: 'CONFLICT', message: 'Web Business is used by 3 licences', field: 'PlanId' })),
    );
    const answer = await execute(DELETE, { id: '7' }, fakeContext({ viewer: CALLERS.superAdmin, sources: { platform: { deletePlan } } }));
    expect(answer.data).toEqual({
      deletePlan: { deletedId: null, errors: [{ code: 'CONFLICT', field: 'id', message: 'Web Business is used by 3 licences' }] },
    });
  });

  it('retires a plan by sending Retired alone', async () => {
    const updatePlan = vi.fn(async () => ({ ...PLAN, Retired: true }));
    const answer = await execute(
      'mutation { setPlanRetired(input: { id: "7", retired: true }) { plan { id retired licenceCount } errors { code } } }',
      {},
      fakeContext({ viewer: CALLERS.superAdmin, sources: { platform: { updatePlan } } }),
    );
    expect(answer.data).toEqual({ setPlanRetired: { plan: { id: '7', retired: true, licenceCount: 3 }, errors: [] } });
    expect(updatePlan).toHaveBeenCalledWith('7', { Retired: true });
  });
});

describe('the product master', () => {
  const PRODUCT = {
    ProductId: 2,
    ProductName: 'Yozy Web',
    ProductCode: 'YOZY-WEB',
    Domain: 'https://app.yozy.local',
    IncludedProducts: ['Projects'],
    PlanCount: 2,
  };
  const UPDATE_PRODUCT = /* GraphQL */ `
    mutation ($input: UpdateProductInput!) {
      updateProduct(input: $input) {
        product {
          id
          name
          code
          domain
          includedProducts
          planCount
        }
        errors {
          code
          field
          message
        }
      }
    }
  `;
  const input = { id: '2', name: 'Yozy Web', code: 'YOZY-WEB', domain: 'https://web.yozy.local', includedProducts: ['Projects'] };

  it('refuses an organisation admin before asking the REST service', async () => {
    const updateProduct = vi.fn();
    const answer = await execute(
      UPDATE_PRODUCT,
      { input },
      fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { platform: { updateProduct } } }),
    );
    expect(answer.errors?.[0]?.extensions).toEqual({ code: 'FORBIDDEN' });
    expect(updateProduct).not.toHaveBeenCalled();
  });

  it('changes a product with the input in REST names, and names the field of a refusal', async () => {
    const updateProduct = vi
      .fn()
      .mockResolvedValueOnce({ ...PRODUCT, Domain: 'https://web.yozy.local' })
      .mockRejectedValueOnce(restError(409, { code: 'CONFLICT', message: 'Another product has this code', field: 'ProductCode' }));
    const context = () => fakeContext({ viewer: CALLERS.superAdmin, sources: { platform: { updateProduct } } });
    const saved = await execute(UPDATE_PRODUCT, { input }, context());
    expect(saved.data).toEqual({
      updateProduct: {
        product: {
          id: '2',
          name: 'Yozy Web',
          code: 'YOZY-WEB',
          domain: 'https://web.yozy.local',
          includedProducts: ['Projects'],
          planCount: 2,
        },
        errors: [],
      },
    });
    expect(updateProduct).toHaveBeenCalledWith('2', {
      ProductName: 'Yozy Web',
      ProductCode: 'YOZY-WEB',
      Domain: 'https://web.yozy.local',
      IncludedProducts: ['Projects'],
    });
    const refused = await execute(UPDATE_PRODUCT, { input }, context());
    expect(refused.data).toEqual({
      updateProduct: { product: null, errors: [{ code: 'CONFLICT', field: 'code', message: 'Another product has this code' }] },
    });
  });
});
