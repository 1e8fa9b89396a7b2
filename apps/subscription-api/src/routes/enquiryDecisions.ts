import { z } from 'zod';
import { APPROVE_ENQUIRY_REST_FIELDS, approveEnquiryInput, REJECT_ENQUIRY_REST_FIELDS, rejectEnquiryInput, restSchema } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { auditIn, auditScope } from '#domain/audited';
import { approveSignUp, lockEnquiry, renewLicence } from '#domain/enquiries';
import { parseBody } from '#http/errors';
import { recordById, type ResourceDefinition, recordOf } from '#http/resource';
import { wordingOf } from '#mail/delivery';
import { enquiryRejectedMail } from '#mail/templates';
import { listRoute, route } from '#http/route';
import { refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';
import { emit, idOf } from '#webhooks/events';

export const approveBody = requestSchema('EnquiryApproval', restSchema(approveEnquiryInput, APPROVE_ENQUIRY_REST_FIELDS));
export const rejectBody = requestSchema('EnquiryRejection', restSchema(rejectEnquiryInput, REJECT_ENQUIRY_REST_FIELDS));

/** Pending (no decision yet), rejected or approved; the list's main filter, served by its own index. */
export const ENQUIRY_STATUS_SQL =
  "(CASE WHEN e.is_approved IS NULL THEN 'PENDING' WHEN e.is_approved = 'R' THEN 'REJECTED' ELSE 'APPROVED' END)";

/** An enquiry with its decision and the details of the licence it asks for (product and plan). */
export const enquiryFields = {
  EnquiryId: { sql: 'e.enquiry_id', type: 'int' },
  // Filtered on (enquiries_status_sort_idx serves Status=eq.…), never sorted on.
  Status: { sql: ENQUIRY_STATUS_SQL, type: 'text' },
  ClientCompanyName: {
    sql: 'e.company_name',
    type: 'text',
    searchable: true,
    sort: { index: 'enquiries_company_name_sort_idx', by: 'lower(e.company_name)' },
  },
  AddressLine1: { sql: 'e.address_line1', type: 'text' },
  AddressLine2: { sql: 'e.address_line2', type: 'text' },
  City: { sql: 'e.city', type: 'text' },
  State: { sql: 'e.state', type: 'text' },
  Country: { sql: 'e.country', type: 'text' },
  CountryCode: { sql: 'e.country_code', type: 'text' },
  Pincode: { sql: 'e.pincode', type: 'text' },
  CurrencyCode: { sql: 'e.currency_code', type: 'text' },
  ClientType: { sql: 'e.client_type', type: 'text' },
  NatureOfBusiness: { sql: 'e.nature_of_business', type: 'text' },
  BusinessVertical: { sql: 'e.business_vertical', type: 'text' },
  ClientRevenueInUSD: { sql: 'e.revenue_usd', type: 'number' },
  AdminFirstname: { sql: 'e.admin_first_name', type: 'text', searchable: true },
  AdminLastname: { sql: 'e.admin_last_name', type: 'text', searchable: true },
  AdminEmail: {
    sql: 'e.admin_email',
    type: 'text',
    searchable: true,
    sort: { index: 'enquiries_admin_email_sort_idx', by: 'lower(e.admin_email)' },
  },
  AdminPhone: { sql: 'e.admin_phone', type: 'text' },
  AdminDepartment: { sql: 'e.admin_department', type: 'text' },
  ContactName: { sql: 'e.contact_name', type: 'text', searchable: true },
  ContactDesignation: { sql: 'e.contact_designation', type: 'text' },
  ContactEmail: { sql: 'e.contact_email', type: 'text' },
  ContactPhone: { sql: 'e.contact_phone', type: 'text' },
  ProductId: { sql: 'e.product_id', type: 'int' },
  ProductName: { sql: 'p.product_name', type: 'text' },
  Domain: { sql: 'p.domain', type: 'text' },
  PlanId: { sql: 'e.plan_id', type: 'int' },
  PlanName: { sql: 'pl.plan_name', type: 'text' },
  Cost: { sql: 'pl.cost', type: 'number' },
  Currency: { sql: 'pl.currency', type: 'text' },
  Frequency: { sql: 'pl.frequency', type: 'text' },
  Capacity: { sql: 'pl.capacity', type: 'int' },
  CreatedAt: { sql: 'e.created_at', type: 'timestamp', sort: { index: 'enquiries_created_at_sort_idx' } },
  DecidedAt: { sql: 'e.decided_at', type: 'timestamp', sort: { index: 'enquiries_decided_at_sort_idx' } },
  DecisionNote: { sql: 'e.decision_note', type: 'text' },
  ClientId: { sql: 'e.client_id', type: 'int' },
  // A sign-up, or an organisation admin's request to renew one of its licences.
  Kind: { sql: "(CASE WHEN e.licence_id IS NULL THEN 'SIGNUP' ELSE 'RENEWAL' END)", type: 'text' },
  LicenceId: { sql: 'e.licence_id', type: 'int' },
  LicenceValidTill: { sql: 'e.licence_valid_till', type: 'date' },
} satisfies ResourceDefinition['fields'];

// Only enquiries someone put a name to count (the specification's lists ask for a first name).
export const enquiries: ResourceDefinition = {
  from: 'enquiries e LEFT JOIN products p ON p.product_id = e.product_id LEFT JOIN plans pl ON pl.plan_id = e.plan_id',
  where: "btrim(e.admin_first_name) <> ''",
  fields: enquiryFields,
  tieBreaker: 'e.enquiry_id',
};

/**
 * One enquiry as the list shows it; a decision answers it even when it has no name to count in the
 * list, so the list's fixed condition is left out.
 */
const readEnquiry = (db: Queryable, enquiryId: number) => recordById(db, { ...enquiries, where: undefined }, 'e.enquiry_id', enquiryId);

export const enquiryRecord = answerSchema(
  'Enquiry',
  recordOf(enquiryFields, [
    'AddressLine1',
    'AddressLine2',
    'City',
    'State',
    'Country',
    'CountryCode',
    'Pincode',
    'CurrencyCode',
    'ClientType',
    'NatureOfBusiness',
    'BusinessVertical',
    'ClientRevenueInUSD',
    'AdminPhone',
    'AdminDepartment',
    'ContactName',
    'ContactDesignation',
    'ContactEmail',
    'ContactPhone',
    'ProductId',
    'ProductName',
    'Domain',
    'PlanId',
    'PlanName',
    'Cost',
    'Currency',
    'Frequency',
    'Capacity',
    'DecidedAt',
    'DecisionNote',
    'ClientId',
    'LicenceId',
    'LicenceValidTill',
  ]),
);
export const enquiryApproved = answerSchema(
  'EnquiryApproved',
  z.strictObject({
    enquiry: enquiryRecord,
    ClientId: z.int().meta({ description: 'The organization created from the enquiry' }),
    AdminUserId: z.int().meta({ description: "The organization's admin, invited by mail to choose a password" }),
  }),
);
export const enquiryRejected = answerSchema('EnquiryRejected', z.strictObject({ enquiry: enquiryRecord }));

/**
 * The provider's side of sign-up: the enquiries (pending, rejected, approved) and the two
 * decisions. Approving creates, in one transaction, the organisation, its licence, its admin with
 * the product's Admin role, the invitation token and mail, and the audit entries; any failure on
 * the way leaves nothing behind.
 */
export const enquiryDecisionRoutes = [
  listRoute({
    path: '/subscription/subscription_web_enquiry',
    access: 'superAdmin',
    operationId: 'listEnquiries',
    tag: 'Enquiries',
    summary: 'Sign-up enquiries with their decision and licence details, for SuperAdmins only',
    description:
      'Status is PENDING (no decision yet), REJECTED or APPROVED; enquiries without a first name are never listed. Filter with Status=eq.PENDING.',
    resource: enquiries,
    rows: 'Enquiries',
    record: enquiryRecord,
  }),

  route(
    {
      method: 'post',
      path: '/subscription/enquiry/approve',
      access: 'superAdmin',
      operationId: 'approveEnquiry',
      idempotent: true,
      tag: 'Enquiries',
      summary: 'Approve a pending enquiry: organization, licence, admin user with its role, and the invitation mail, all or nothing',
      description:
        'In one transaction, with the enquiry locked: the organization from the enquiry with its settings, a licence for its product and plan (valid one period of the plan from today), the admin user (OrgAdmin, no password yet) with the product’s Admin role, an invitation token and mail, the enquiry marked approved, and the audit entries. A second approval, even one racing the first, creates nothing and is answered CONFLICT. A renewal request (Kind RENEWAL) creates nothing: its licence is extended by one period of its plan from its last day (or from today once expired), audited licence.extend, and AdminUserId is the admin who asked.',
      body: approveBody,
      responses: {
        200: { description: 'Approved', body: enquiryApproved },
        400: refused('BAD_REQUEST: EnquiryId missing or not a whole number'),
        404: refused('NOT_FOUND (field EnquiryId): no such enquiry'),
        409: refused(
          'CONFLICT (field EnquiryId): approved or rejected already, the admin email has an account, or the enquiry names no plan of its product',
        ),
      },
    },
    async (req, res, { db, mailer }) => {
      const { EnquiryId } = parseBody(approveBody, req.body);
      const scope = auditScope(req, res, null);
      const { mail, clientId, userId } = await db.transaction(async (tx) => {
        const enquiry = await lockEnquiry(tx, Number(EnquiryId));
        if (enquiry.licence_id !== null) return renewLicence(tx, enquiry, scope);
        return approveSignUp(tx, mailer, enquiry, scope);
      });
      if (mail) mailer.dispatch(mail);
      res.json({ enquiry: await readEnquiry(db, Number(EnquiryId)), ClientId: clientId, AdminUserId: userId });
    },
  ),

  route(
    {
      method: 'post',
      path: '/subscription/enquiry/reject',
      access: 'superAdmin',
      operationId: 'rejectEnquiry',
      tag: 'Enquiries',
      summary: 'Reject a pending enquiry with a reason; the enquirer is told by mail',
      body: rejectBody,
      responses: {
        200: { description: 'Rejected', body: enquiryRejected },
        400: refused('BAD_REQUEST: EnquiryId or Reason missing or malformed'),
        404: refused('NOT_FOUND (field EnquiryId): no such enquiry'),
        409: refused('CONFLICT (field EnquiryId): approved or rejected already'),
      },
    },
    async (req, res, { db, mailer }) => {
      const { EnquiryId, Reason } = parseBody(rejectBody, req.body);
      const scope = auditScope(req, res, null);
      const mail = await db.transaction(async (tx) => {
        const enquiry = await lockEnquiry(tx, Number(EnquiryId));
        await tx.query(
          "UPDATE enquiries SET is_approved = 'R', decided_by = $2, decided_at = now(), decision_note = $3 WHERE enquiry_id = $1",
          [enquiry.enquiry_id, scope.actorUserId, Reason],
        );
        const queued = await mailer.queue(
          tx,
          enquiry.admin_email,
          enquiryRejectedMail(
            { firstName: enquiry.admin_first_name, companyName: enquiry.company_name, reason: Reason },
            await wordingOf(tx, null, 'enquiry_rejected'),
          ),
        );
        await auditIn(tx, scope, {
          action: 'enquiry.reject',
          entityType: 'enquiry',
          entityId: enquiry.enquiry_id,
          before: { status: 'PENDING' },
          after: { status: 'REJECTED', reason: Reason },
        });
        await emit(tx, {
          clientId: enquiry.client_id,
          type: 'enquiry.rejected',
          data: {
            enquiryId: idOf(enquiry.enquiry_id),
            kind: enquiry.licence_id === null ? 'SIGN_UP' : 'RENEWAL',
            organizationId: enquiry.client_id === null ? null : idOf(enquiry.client_id),
          },
        });
        return queued;
      });
      mailer.dispatch(mail);
      res.json({ enquiry: await readEnquiry(db, Number(EnquiryId)) });
    },
  ),
];
