import { describe, expect, it, vi } from 'vitest';
import type { EnquiryRecord } from '#datasources/types';
import { restError } from '#errors';
import { CALLERS, execute, fakeContext, ORGANIZATIONS } from '#testing/fakes';

const RECORD: EnquiryRecord = {
  EnquiryId: 7,
  Status: 'PENDING',
  ClientCompanyName: '<b>Oscorp</b>',
  AddressLine1: null,
  AddressLine2: null,
  City: 'New York',
  State: null,
  Country: null,
  CountryCode: null,
  Pincode: null,
  CurrencyCode: 'USD',
  ClientType: null,
  NatureOfBusiness: null,
  BusinessVertical: null,
  ClientRevenueInUSD: null,
  AdminFirstname: 'Norman',
  AdminLastname: 'Osborn',
  AdminEmail: 'norman@oscorp.example',
  AdminPhone: null,
  AdminDepartment: null,
  ContactName: 'Harry',
  ContactDesignation: null,
  ContactEmail: 'harry@oscorp.example',
  ContactPhone: null,
  ProductId: 2,
  ProductName: 'Yozy Web',
  Domain: 'https://web.yozy.local',
  PlanId: 5,
  PlanName: 'Web Business',
  Cost: 99,
  Currency: 'USD',
  Frequency: 'MONTHLY',
  Capacity: 50,
  CreatedAt: '2026-11-20T10:00:00.5+00:00',
  DecidedAt: null,
  DecisionNote: null,
  ClientId: null,
  Kind: 'SIGNUP',
  LicenceId: null,
  LicenceValidTill: null,
};

const LIST = /* GraphQL */ `
  query ($page: PageInput, $search: String, $filter: EnquiryFilter, $sort: EnquirySort) {
    enquiries(page: $page, search: $search, filter: $filter, sort: $sort) {
      totalCount
      nodes {
        id
        status
        companyName
        receivedAt
        licence {
          productName
          planId
          capacity
        }
      }
    }
  }
`;

const APPROVE = /* GraphQL */ `
  mutation ($input: ApproveEnquiryInput!) {
    approveEnquiry(input: $input) {
      enquiry {
        id
        status
      }
      organization {
        id
        companyName
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

const REJECT = /* GraphQL */ `
  mutation ($input: RejectEnquiryInput!) {
    rejectEnquiry(input: $input) {
      enquiry {
        id
        status
        decisionNote
      }
      errors {
        code
        field
      }
    }
  }
`;

describe('enquiries', () => {
  it.each([
    ['anonymous', 'UNAUTHENTICATED'],
    ['memberOfA', 'FORBIDDEN'],
    ['orgAdminOfA', 'FORBIDDEN'],
  ] as const)('refuses %s with %s before asking the REST service', async (caller, code) => {
    const listEnquiries = vi.fn();
    const answer = await execute(LIST, {}, fakeContext({ viewer: CALLERS[caller], sources: { enquiry: { listEnquiries } } }));
    expect(answer.errors?.[0]?.extensions).toEqual({ code });
    expect(listEnquiries).not.toHaveBeenCalled();
  });

  it('answers a SuperAdmin a page of the status asked for, newest first by default', async () => {
    const listEnquiries = vi.fn(async (_params: URLSearchParams) => ({ rows: [RECORD], contentRange: '0-0/1' }));
    const answer = await execute(
      LIST,
      { search: 'osc', filter: { status: 'PENDING' } },
      fakeContext({ viewer: CALLERS.superAdmin, sources: { enquiry: { listEnquiries } } }),
    );
    expect(answer.data).toEqual({
      enquiries: {
        totalCount: 1,
        nodes: [
          {
            id: '7',
            status: 'PENDING',
            companyName: '<b>Oscorp</b>',
            receivedAt: '2026-11-20T10:00:00.500Z',
            licence: { productName: 'Yozy Web', planId: '5', capacity: 50 },
          },
        ],
      },
    });
    expect(Object.fromEntries(listEnquiries.mock.calls[0]![0])).toEqual({
      limit: '25',
      offset: '0',
      or: '(ClientCompanyName.ilike."*osc*",AdminFirstname.ilike."*osc*",AdminLastname.ilike."*osc*",AdminEmail.ilike."*osc*",ContactName.ilike."*osc*")',
      Status: 'eq.PENDING',
      order: 'CreatedAt.desc',
    });
  });
});

describe('approveEnquiry and rejectEnquiry', () => {
  it.each(['anonymous', 'memberOfA', 'orgAdminOfA'] as const)('refuses %s before asking the REST service', async (caller) => {
    const approveEnquiry = vi.fn();
    const rejectEnquiry = vi.fn();
    const ctx = () => fakeContext({ viewer: CALLERS[caller], sources: { enquiry: { approveEnquiry, rejectEnquiry } } });
    const approved = await execute(APPROVE, { input: { enquiryId: '7' } }, ctx());
    const rejected = await execute(REJECT, { input: { enquiryId: '7', reason: 'No' } }, ctx());
    expect(approved.errors?.[0]?.extensions?.code).toMatch(/UNAUTHENTICATED|FORBIDDEN/);
    expect(rejected.errors?.[0]?.extensions?.code).toMatch(/UNAUTHENTICATED|FORBIDDEN/);
    expect(approveEnquiry).not.toHaveBeenCalled();
    expect(rejectEnquiry).not.toHaveBeenCalled();
  });

  it('answers the approved enquiry with the organisation created from it', async () => {
    const approveEnquiry = vi.fn(async () => ({ enquiry: { ...RECORD, Status: 'APPROVED', ClientId: 2 }, ClientId: 2, AdminUserId: 9 }));
    const getClient = vi.fn(async () => ORGANIZATIONS.A);
    const answer = await execute(
      APPROVE,
      { input: { enquiryId: '7' } },
      fakeContext({ viewer: CALLERS.superAdmin, sources: { enquiry: { approveEnquiry }, organization: { getClient } } }),
    );
    expect(answer.data).toEqual({
      approveEnquiry: { enquiry: { id: '7', status: 'APPROVED' }, organization: { id: '2', companyName: 'Acme Corporation' }, errors: [] },
    });
    expect(approveEnquiry).toHaveBeenCalledWith({ EnquiryId: '7' });
  });

  it('says why an enquiry decided already is refused, naming the input field', async () => {
    const approveEnquiry = vi.fn(async () => {
      throw restError(409, { code: 'CONFLICT', message: 'This enquiry was approved already', field: 'EnquiryId' });
    });
    const answer = await execute(
      APPROVE,
      { input: { enquiryId: '7' } },
      fakeContext({ viewer: CALLERS.superAdmin, sources: { enquiry: { approveEnquiry } } }),
    );
    expect(answer.data).toEqual({
      approveEnquiry: {
        enquiry: null,
        organization: null,
        errors: [{ code: 'CONFLICT', field: 'enquiryId', message: 'This enquiry was approved already' }],
      },
    });
  });

  it('rejects with the reason in the REST service’s names', async () => {
    const rejectEnquiry = vi.fn(async () => ({ enquiry: { ...RECORD, Status: 'REJECTED', DecisionNote: 'Out of region' } }));
    const answer = await execute(
      REJECT,
      { input: { enquiryId: '7', reason: 'Out of region' } },
      fakeContext({ viewer: CALLERS.superAdmin, sources: { enquiry: { rejectEnquiry } } }),
    );
    expect(answer.data).toEqual({ rejectEnquiry: { enquiry: { id: '7', status: 'REJECTED', decisionNote: 'Out of region' }, errors: [] } });
    expect(rejectEnquiry).toHaveBeenCalledWith({ EnquiryId: '7', Reason: 'Out of region' });
  });
});
