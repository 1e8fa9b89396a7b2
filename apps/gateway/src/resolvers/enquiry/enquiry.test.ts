import { describe, expect, it, vi } from 'vitest';
import { restError } from '#errors';
import { execute, fakeContext } from '#testing/fakes';

const SUBMIT = /* GraphQL */ `
  mutation ($input: SubmitEnquiryInput!) {
    submitEnquiry(input: $input) {
      enquiryId
      errors {
        code
        field
        message
      }
    }
  }
`;

const input = {
  companyName: 'Oscorp Labs',
  adminFirstName: 'Norman',
  adminLastName: 'Osborn',
  adminEmail: 'norman@oscorp.example',
  contactName: 'Harry Osborn',
  contactEmail: 'harry@oscorp.example',
  revenueUsd: 2500000,
  productId: '2',
  planId: 'not-a-number',
  captcha: 'solved',
};

describe('submitEnquiry', () => {
  it('builds the REST body from the shared field map and leaves checking the ids to the REST service', async () => {
    const createEnquiry = vi.fn(async () => ({ EnquiryId: 41 }));
    const answer = await execute(SUBMIT, { input }, fakeContext({ sources: { enquiry: { createEnquiry } } }));
    expect(answer.data).toEqual({ submitEnquiry: { enquiryId: '41', errors: [] } });
    expect(createEnquiry).toHaveBeenCalledWith({
      ClientCompanyName: 'Oscorp Labs',
      AdminFirstname: 'Norman',
      AdminLastname: 'Osborn',
      AdminEmail: 'norman@oscorp.example',
      ContactName: 'Harry Osborn',
      ContactEmail: 'harry@oscorp.example',
      ClientRevenueInUSD: 2500000,
      ProductId: '2',
      PlanId: 'not-a-number',
    });
  });

  it.each([
    ['CONFLICT', 409, 'AdminEmail', 'CONFLICT', 'adminEmail'],
    ['BAD_REQUEST', 400, 'PlanId', 'BAD_USER_INPUT', 'planId'],
    ['BAD_REQUEST', 400, 'ClientRevenueInUSD', 'BAD_USER_INPUT', 'revenueUsd'],
  ])('answers REST %s on %s as payload %s on %s', async (restCode, status, restField, code, field) => {
    const createEnquiry = vi.fn(() => Promise.reject(restError(status, { code: restCode, message: 'Check this', field: restField })));
    const answer = await execute(SUBMIT, { input }, fakeContext({ sources: { enquiry: { createEnquiry } } }));
    expect(answer.data).toEqual({ submitEnquiry: { enquiryId: null, errors: [{ code, field, message: 'Check this' }] } });
  });

  it('hides an unexpected failure behind a plain message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const createEnquiry = vi.fn(() => Promise.reject(new TypeError("Cannot read properties of undefined (reading 'x')")));
    const answer = await execute(SUBMIT, { input }, fakeContext({ sources: { enquiry: { createEnquiry } } }));
    expect(answer.errors).toEqual([{ message: 'Something went wrong on our side', extensions: { code: 'INTERNAL_SERVER_ERROR' } }]);
    vi.restoreAllMocks();
  });
});
