import { describe, expect, it, vi } from 'vitest';
import { CALLERS, execute, fakeContext, ORGANIZATIONS } from '#testing/fakes';
import { restError } from '#errors';

const LICENCE = {
  LicenceId: 4,
  ClientId: ORGANIZATIONS.B.ClientId,
  ProductId: 2,
  ProductName: 'Yozy Web',
  PlanId: 3,
  PlanName: 'Web Business',
  PlanGroup: 'STANDARD',
  Cost: 49,
  Currency: 'USD',
  Frequency: 'MONTHLY',
  Capacity: 50,
  ValidTill: '2027-01-31',
  IsActive: true,
  SeatsUsed: 11,
  SeatsCapacity: 50,
  RenewalRequestedAt: null,
};

const LICENCES = /* GraphQL */ `
  query ($organizationId: ID, $search: String) {
    licences(organizationId: $organizationId, search: $search) {
      totalCount
      nodes {
        id
        organizationId
        productId
        productName
        planId
        planName
        planGroup
        cost
        currency
        frequency
        capacity
        validTill
        isActive
        seatsUsed
        seatsCapacity
      }
    }
  }
`;

describe('licences', () => {
  it.each([
    ['anonymous', {}, 'UNAUTHENTICATED'],
    ['memberOfA', {}, 'FORBIDDEN'],
    ['orgAdminOfA', { organizationId: String(ORGANIZATIONS.B.ClientId) }, 'FORBIDDEN'],
  ] as const)('refuses %s with %s before asking the REST service', async (caller, variables, code) => {
    const listLicences = vi.fn();
    const answer = await execute(LICENCES, variables, fakeContext({ viewer: CALLERS[caller], sources: { licence: { listLicences } } }));
    expect(answer.errors?.[0]?.extensions).toEqual({ code });
    expect(listLicences).not.toHaveBeenCalled();
  });

  it.each([
    ['orgAdminOfB', undefined],
    ['superAdmin', String(ORGANIZATIONS.B.ClientId)],
  ] as const)("answers %s the organisation's licences in GraphQL names, soonest to expire first", async (caller, organizationId) => {
    const listLicences = vi.fn(async (_params: URLSearchParams) => ({ rows: [LICENCE], contentRange: '0-0/1' }));
    const answer = await execute(
      LICENCES,
      { organizationId, search: 'web' },
      fakeContext({ viewer: CALLERS[caller], sources: { licence: { listLicences } } }),
    );
    expect(answer.data).toEqual({
      licences: {
        totalCount: 1,
        nodes: [
          {
            id: '4',
            organizationId: String(ORGANIZATIONS.B.ClientId),
            productId: '2',
            productName: 'Yozy Web',
            planId: '3',
            planName: 'Web Business',
            planGroup: 'STANDARD',
            cost: 49,
            currency: 'USD',
            frequency: 'MONTHLY',
            capacity: 50,
            validTill: '2027-01-31',
            isActive: true,
            seatsUsed: 11,
            seatsCapacity: 50,
          },
        ],
      },
    });
    expect(Object.fromEntries(listLicences.mock.calls[0]![0])).toEqual({
      ClientId: `eq.${ORGANIZATIONS.B.ClientId}`,
      limit: '25',
      offset: '0',
      or: '(ProductName.ilike."*web*",PlanName.ilike."*web*")',
      order: 'ValidTill.asc',
    });
  });
});

const EXTEND = /* GraphQL */ `
  mutation ($input: ExtendLicenceInput!) {
    extendLicence(input: $input) {
      licence {
        id
        validTill
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

const CHANGE_PLAN = /* GraphQL */ `
  mutation ($input: ChangeLicencePlanInput!) {
    changeLicencePlan(input: $input) {
      licence {
        id
        planId
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

const ADD = /* GraphQL */ `
  mutation ($input: AddLicenceInput!) {
    addLicence(input: $input) {
      licence {
        id
      }
      errors {
        code
        field
      }
    }
  }
`;

const SET_ACTIVE = /* GraphQL */ `
  mutation ($input: SetLicenceActiveInput!) {
    setLicenceActive(input: $input) {
      licence {
        id
        isActive
      }
      errors {
        code
      }
    }
  }
`;

describe('licence actions', () => {
  it.each(['anonymous', 'memberOfA', 'orgAdminOfA', 'orgAdminOfB'] as const)(
    'refuses %s every action before asking the REST service',
    async (caller) => {
      const licence = {
        addLicence: vi.fn(),
        extendLicence: vi.fn(),
        changeLicencePlan: vi.fn(),
        setLicenceActive: vi.fn(),
      };
      const context = () => fakeContext({ viewer: CALLERS[caller], sources: { licence } });
      const answers = await Promise.all([
        execute(ADD, { input: { organizationId: '2', productId: '2', planId: '3', validTill: '2030-01-01' } }, context()),
        execute(EXTEND, { input: { id: '4', validTill: '2030-01-01' } }, context()),
        execute(CHANGE_PLAN, { input: { id: '4', planId: '5' } }, context()),
        execute(SET_ACTIVE, { input: { id: '4', isActive: false } }, context()),
      ]);
      for (const answer of answers)
        expect(answer.errors?.[0]?.extensions?.code).toBe(caller === 'anonymous' ? 'UNAUTHENTICATED' : 'FORBIDDEN');
      for (const call of Object.values(licence)) expect(call).not.toHaveBeenCalled();
    },
  );

  it('sends a SuperAdmin’s actions in REST names and answers the licence as changed', async () => {
    const licence = {
      addLicence: vi.fn(async () => LICENCE),
      extendLicence: vi.fn(async () => ({ ...LICENCE, ValidTill: '2030-01-01' })),
      changeLicencePlan: vi.fn(async () => ({ ...LICENCE, PlanId: 5 })),
      setLicenceActive: vi.fn(async () => ({ ...LICENCE, IsActive: false })),
    };
    const context = () => fakeContext({ viewer: CALLERS.superAdmin, sources: { licence } });
    const added = await execute(ADD, { input: { organizationId: '2', productId: '2', planId: '3', validTill: '2027-01-31' } }, context());
    expect(added.data).toEqual({ addLicence: { licence: { id: '4' }, errors: [] } });
    expect(licence.addLicence).toHaveBeenCalledWith({ ClientId: '2', ProductId: '2', PlanId: '3', ValidTill: '2027-01-31' });
    const extended = await execute(EXTEND, { input: { id: '4', validTill: '2030-01-01' } }, context());
    expect(extended.data).toEqual({ extendLicence: { licence: { id: '4', validTill: '2030-01-01' }, errors: [] } });
    expect(licence.extendLicence).toHaveBeenCalledWith({ LicenceId: '4', ValidTill: '2030-01-01' });
    const changed = await execute(CHANGE_PLAN, { input: { id: '4', planId: '5' } }, context());
    expect(changed.data).toEqual({ changeLicencePlan: { licence: { id: '4', planId: '5' }, errors: [] } });
    expect(licence.changeLicencePlan).toHaveBeenCalledWith({ LicenceId: '4', PlanId: '5' });
    const off = await execute(SET_ACTIVE, { input: { id: '4', isActive: false } }, context());
    expect(off.data).toEqual({ setLicenceActive: { licence: { id: '4', isActive: false }, errors: [] } });
    expect(licence.setLicenceActive).toHaveBeenCalledWith({ LicenceId: '4', IsActive: false });
  });

  it('answers a refusal as an error naming the input field', async () => {
    const message = 'Globex Industries uses 42 seats; Lite Team holds 25';
    const changeLicencePlan = vi.fn(() => Promise.reject(restError(409, { code: 'SEAT_LIMIT', message, field: 'PlanId' })));
    const extendLicence = vi.fn(() =>
      Promise.reject(restError(400, { code: 'BAD_REQUEST', message: 'Choose a later day', field: 'ValidTill' })),
    );
    const context = () => fakeContext({ viewer: CALLERS.superAdmin, sources: { licence: { changeLicencePlan, extendLicence } } });
    const changed = await execute(CHANGE_PLAN, { input: { id: '4', planId: '5' } }, context());
    expect(changed.data).toEqual({ changeLicencePlan: { licence: null, errors: [{ code: 'SEAT_LIMIT', field: 'planId', message }] } });
    const extended = await execute(EXTEND, { input: { id: '4', validTill: '2020-01-01' } }, context());
    expect(extended.data).toEqual({
      extendLicence: { licence: null, errors: [{ code: 'BAD_USER_INPUT', field: 'validTill', message: 'Choose a later day' }] },
    });
  });
});
