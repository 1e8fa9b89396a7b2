import {
  APPROVE_ENQUIRY_REST_FIELDS,
  ENQUIRY_RECORD_FIELDS,
  ENQUIRY_REST_FIELDS,
  REJECT_ENQUIRY_REST_FIELDS,
  toRestFields,
} from '@yozy/shared';
import type { EnquiryRecord } from '#datasources/types';
import type { EnquiryFilter, EnquirySortField, EnquiryStatus, Resolvers } from '#generated/graphql';
import { superAdmin, withUserErrors } from '#guards';
import { listPage, type ListSpec } from '#lists';
import { utcInstant } from '#scalars';
import { readRestFields } from '#resolvers/restFields';

const FIELDS = ENQUIRY_RECORD_FIELDS;
// The form's text fields read as they are; the product and plan are the licence's business.
const { productId: _product, planId: _plan, ...ENQUIRY_TEXT_FIELDS } = ENQUIRY_REST_FIELDS;

const ENQUIRY_LIST: ListSpec<EnquiryFilter, EnquirySortField> = {
  search: [FIELDS.companyName, FIELDS.adminFirstName, FIELDS.adminLastName, FIELDS.adminEmail, FIELDS.contactName],
  filter: { status: [FIELDS.status, 'eq'] },
  sort: {
    RECEIVED_AT: FIELDS.receivedAt,
    COMPANY_NAME: FIELDS.companyName,
    ADMIN_EMAIL: FIELDS.adminEmail,
    DECIDED_AT: FIELDS.decidedAt,
  },
  defaultSort: { field: 'RECEIVED_AT', direction: 'DESC' },
};

const id = (value: number | null | undefined) => (value === null || value === undefined ? null : String(value));

// The decisions' inputs share the enquiry id; a refusal naming it names the input's field.
const DECISION_FIELDS = { ...APPROVE_ENQUIRY_REST_FIELDS, ...REJECT_ENQUIRY_REST_FIELDS };

/** The provider reviewing sign-up enquiries: SuperAdmins only, guarded before any REST call. */
export const enquiryDecisionResolvers: Resolvers = {
  Query: {
    enquiries: superAdmin((_parent, args, ctx) => listPage(args, ENQUIRY_LIST, (params) => ctx.dataSources.enquiry.listEnquiries(params))),
  },
  Mutation: {
    approveEnquiry: superAdmin(
      withUserErrors(DECISION_FIELDS, { enquiry: null, organization: null })(async (_parent, { input }, ctx) => {
        const approved = await ctx.dataSources.enquiry.approveEnquiry(toRestFields(APPROVE_ENQUIRY_REST_FIELDS, input));
        const organization = await ctx.dataSources.organization.getClient(String(approved.ClientId));
        return { enquiry: approved.enquiry, organization };
      }),
    ),
    rejectEnquiry: superAdmin(
      withUserErrors(DECISION_FIELDS, { enquiry: null })(async (_parent, { input }, ctx) => {
        const { enquiry } = await ctx.dataSources.enquiry.rejectEnquiry(toRestFields(REJECT_ENQUIRY_REST_FIELDS, input));
        return { enquiry };
      }),
    ),
  },
  Enquiry: {
    ...readRestFields<EnquiryRecord>()({ ...ENQUIRY_TEXT_FIELDS, decisionNote: FIELDS.decisionNote }),
    id: (row) => String(row.EnquiryId),
    status: (row) => row.Status as EnquiryStatus,
    licence: (row) => row,
    receivedAt: (row) => utcInstant(row.CreatedAt),
    decidedAt: (row) => utcInstant(row.DecidedAt),
    organizationId: (row) => id(row.ClientId),
  },
  EnquiryLicence: {
    productId: (row) => id(row.ProductId),
    productName: (row) => row.ProductName,
    domain: (row) => row.Domain,
    planId: (row) => id(row.PlanId),
    planName: (row) => row.PlanName,
    cost: (row) => row.Cost,
    currency: (row) => row.Currency,
    frequency: (row) => row.Frequency,
    capacity: (row) => row.Capacity,
  },
};
