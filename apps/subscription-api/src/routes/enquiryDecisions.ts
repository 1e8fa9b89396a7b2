import { z } from 'zod';
import { APPROVE_ENQUIRY_REST_FIELDS, approveEnquiryInput, REJECT_ENQUIRY_REST_FIELDS, rejectEnquiryInput, restSchema } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { audit } from '#domain/audit';
import { issueToken } from '#domain/userTokens';
import { viewerOf } from '#http/auth';
import { clientOf } from '#http/gateway';
import { HttpError, parseBody } from '#http/errors';
import { recordById, type ResourceDefinition, recordOf } from '#http/resource';
import { wordingOf } from '#mail/delivery';
import { enquiryRejectedMail, invitationMail } from '#mail/templates';
import { listRoute, route } from '#http/route';
import { refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';
import { emit, emitAll, idOf } from '#webhooks/events';

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

type EnquiryRow = {
  enquiry_id: number;
  is_approved: 'Y' | 'R' | null;
  company_name: string;
  admin_first_name: string;
  admin_last_name: string;
  admin_email: string;
  admin_phone: string | null;
  admin_department: string | null;
  product_id: number | null;
  plan_id: number | null;
  client_id: number | null;
  licence_id: number | null;
  decided_at: string | null;
};

/**
 * Reads the enquiry and locks it until the transaction ends, so of two decisions racing on one
 * enquiry the second waits and then sees the first one's outcome.
 */
async function lockEnquiry(tx: Queryable, enquiryId: number): Promise<EnquiryRow> {
  const [row] = await tx.query<EnquiryRow>(
    `SELECT enquiry_id, is_approved, company_name, admin_first_name, admin_last_name, admin_email, admin_phone,
            admin_department, product_id, plan_id, client_id, licence_id, to_char(decided_at, 'Mon DD YYYY') AS decided_at
       FROM enquiries WHERE enquiry_id = $1 FOR UPDATE`,
    [enquiryId],
  );
  if (!row) throw new HttpError('NOT_FOUND', 'There is no such enquiry', 'EnquiryId');
  if (row.is_approved === 'Y') {
    throw new HttpError('CONFLICT', `This enquiry was approved already (${row.decided_at}): nothing was created again`, 'EnquiryId');
  }
  if (row.is_approved === 'R') {
    throw new HttpError('CONFLICT', `This enquiry was rejected (${row.decided_at}): it can no longer be approved or rejected`, 'EnquiryId');
  }
  return row;
}

/**
 * Approving an organisation admin's renewal request extends the licence by one period of its plan,
 * from its last day (or from today once it has expired); nothing else is created and no mail goes.
 */
async function renewLicence(tx: Queryable, enquiry: EnquiryRow, actor: { actorUserId: number; ip: string | null }) {
  const [licence] = await tx.query<{
    client_id: number;
    product_id: number;
    valid_till: string;
    renewed_till: string;
    admin_user_id: number | null;
  }>(
    `SELECT l.client_id, l.product_id, to_char(l.valid_till, 'YYYY-MM-DD') AS valid_till,
            to_char(greatest(l.valid_till, current_date) + CASE WHEN pl.frequency = 'YEARLY' THEN interval '1 year' ELSE interval '1 month' END,
                    'YYYY-MM-DD') AS renewed_till,
            (SELECT u.user_id FROM client_users u WHERE u.client_id = l.client_id AND lower(u.email) = lower($2)) AS admin_user_id
       FROM licences l JOIN plans pl ON pl.plan_id = l.plan_id
      WHERE l.licence_id = $1 FOR UPDATE OF l`,
    [enquiry.licence_id, enquiry.admin_email],
  );
  if (!licence) throw new HttpError('CONFLICT', 'The licence of this renewal request no longer exists: reject it', 'EnquiryId');
  await tx.query('UPDATE licences SET valid_till = $2::date WHERE licence_id = $1', [enquiry.licence_id, licence.renewed_till]);
  await tx.query("UPDATE enquiries SET is_approved = 'Y', decided_by = $2, decided_at = now() WHERE enquiry_id = $1", [
    enquiry.enquiry_id,
    actor.actorUserId,
  ]);
  const clientId = licence.client_id;
  await audit(tx, {
    ...actor,
    clientId,
    action: 'enquiry.approve',
    entityType: 'enquiry',
    entityId: enquiry.enquiry_id,
    before: { status: 'PENDING' },
    after: { status: 'APPROVED', licenceId: enquiry.licence_id },
  });
  await audit(tx, {
    ...actor,
    clientId,
    action: 'licence.extend',
    entityType: 'licence',
    entityId: enquiry.licence_id!,
    before: { ValidTill: licence.valid_till },
    after: { ValidTill: licence.renewed_till },
  });
  await emitAll(tx, [
    {
      clientId,
      type: 'enquiry.approved',
      data: { enquiryId: idOf(enquiry.enquiry_id), kind: 'RENEWAL', organizationId: idOf(clientId), licenceId: idOf(enquiry.licence_id!) },
    },
    {
      clientId,
      type: 'licence.extended',
      data: {
        organizationId: idOf(clientId),
        licenceId: idOf(enquiry.licence_id!),
        productId: idOf(licence.product_id),
        validTill: licence.renewed_till,
        previousValidTill: licence.valid_till,
      },
    },
  ]);
  return { mail: null, clientId, userId: licence.admin_user_id ?? actor.actorUserId };
}

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
      const viewer = viewerOf(res);
      const ip = clientOf(req, res).ip;
      const { mail, clientId, userId } = await db.transaction(async (tx) => {
        const enquiry = await lockEnquiry(tx, Number(EnquiryId));
        if (enquiry.licence_id !== null) return renewLicence(tx, enquiry, { actorUserId: viewer.userId, ip });
        const [plan] = await tx.query<{ plan_id: number; product_id: number; frequency: string; capacity: number }>(
          `SELECT pl.plan_id, pl.product_id, pl.frequency, pl.capacity
           FROM plans pl WHERE pl.plan_id = $1 AND pl.product_id = $2`,
          [enquiry.plan_id, enquiry.product_id],
        );
        if (!plan) throw new HttpError('CONFLICT', 'The enquiry names no plan of its product: it cannot be approved as it is', 'EnquiryId');
        const [taken] = await tx.query('SELECT 1 FROM client_users WHERE lower(email) = lower($1)', [enquiry.admin_email]);
        if (taken) {
          throw new HttpError(
            'CONFLICT',
            `${enquiry.admin_email} already has an account: reject this enquiry or ask for another email`,
            'EnquiryId',
          );
        }

        const [client] = await tx.query<{ client_id: number }>(
          `INSERT INTO clients (company_name, address_line1, address_line2, city, state, country, country_code, pincode,
                              contact_name, designation, currency_code, client_type, nature_of_business,
                              business_vertical, revenue_usd)
         SELECT company_name, address_line1, address_line2, city, state, country, country_code, pincode,
                contact_name, contact_designation, coalesce(currency_code, 'USD'), client_type, nature_of_business,
                business_vertical, revenue_usd
           FROM enquiries WHERE enquiry_id = $1
         RETURNING client_id`,
          [enquiry.enquiry_id],
        );
        const clientId = client!.client_id;
        await tx.query('INSERT INTO org_settings (client_id) VALUES ($1)', [clientId]);

        // The licence runs one period of the plan from today.
        const [licence] = await tx.query<{ licence_id: number; valid_till: string }>(
          `INSERT INTO licences (client_id, product_id, plan_id, valid_till)
         VALUES ($1, $2, $3, (current_date + CASE WHEN $4 = 'YEARLY' THEN interval '1 year' ELSE interval '1 month' END)::date)
         RETURNING licence_id, to_char(valid_till, 'YYYY-MM-DD') AS valid_till`,
          [clientId, plan.product_id, plan.plan_id, plan.frequency],
        );

        const [user] = await tx.query<{ user_id: number }>(
          `INSERT INTO client_users (client_id, first_name, last_name, email, phone, department_name, type_of_user)
         VALUES ($1, $2, $3, $4, $5, $6, 'OrgAdmin') RETURNING user_id`,
          [clientId, enquiry.admin_first_name, enquiry.admin_last_name, enquiry.admin_email, enquiry.admin_phone, enquiry.admin_department],
        );
        const userId = user!.user_id;
        const [role] = await tx.query<{ role_id: number; role_name: string }>(
          `SELECT role_id, role_name FROM roles WHERE product_id = $1 AND is_active ORDER BY (role_name = 'Admin') DESC, role_id LIMIT 1`,
          [plan.product_id],
        );
        if (role) {
          await tx.query('INSERT INTO user_roles (user_id, role_id, product_id) VALUES ($1, $2, $3)', [
            userId,
            role.role_id,
            plan.product_id,
          ]);
        }

        await tx.query(
          "UPDATE enquiries SET is_approved = 'Y', decided_by = $2, decided_at = now(), client_id = $3 WHERE enquiry_id = $1",
          [enquiry.enquiry_id, viewer.userId, clientId],
        );

        const token = await issueToken(tx, { userId, email: enquiry.admin_email, purpose: 'invite' });
        const mail = await mailer.queue(
          tx,
          enquiry.admin_email,
          invitationMail(
            {
              publicUrl: mailer.publicUrl,
              token,
              email: enquiry.admin_email,
              firstName: enquiry.admin_first_name,
              lastName: enquiry.admin_last_name,
              organization: enquiry.company_name,
            },
            await wordingOf(tx, clientId, 'invitation'),
          ),
          clientId,
        );

        const actor = { actorUserId: viewer.userId, ip };
        await audit(tx, {
          ...actor,
          clientId,
          action: 'enquiry.approve',
          entityType: 'enquiry',
          entityId: enquiry.enquiry_id,
          before: { status: 'PENDING' },
          after: { status: 'APPROVED', clientId, licenceId: licence!.licence_id, adminUserId: userId },
        });
        await audit(tx, {
          ...actor,
          clientId,
          action: 'organization.create',
          entityType: 'organization',
          entityId: clientId,
          after: { companyName: enquiry.company_name, enquiryId: enquiry.enquiry_id },
        });
        await audit(tx, {
          ...actor,
          clientId,
          action: 'licence.create',
          entityType: 'licence',
          entityId: licence!.licence_id,
          after: { productId: plan.product_id, planId: plan.plan_id, validTill: licence!.valid_till, seats: plan.capacity },
        });
        await audit(tx, {
          ...actor,
          clientId,
          action: 'user.invite',
          entityType: 'user',
          entityId: userId,
          after: { email: enquiry.admin_email, typeOfUser: 'OrgAdmin', roleId: role?.role_id ?? null },
        });
        const organizationId = idOf(clientId);
        await emitAll(tx, [
          {
            clientId,
            type: 'enquiry.approved',
            data: { enquiryId: idOf(enquiry.enquiry_id), kind: 'SIGN_UP', organizationId, licenceId: idOf(licence!.licence_id) },
          },
          { clientId, type: 'organization.created', data: { organizationId, enquiryId: idOf(enquiry.enquiry_id) } },
          {
            clientId,
            type: 'licence.added',
            data: {
              organizationId,
              licenceId: idOf(licence!.licence_id),
              productId: idOf(plan.product_id),
              planId: idOf(plan.plan_id),
              validTill: licence!.valid_till,
            },
          },
          {
            clientId,
            type: 'person.invited',
            data: { organizationId, personId: idOf(userId), state: 'INVITED', previousState: null, typeOfUser: 'OrgAdmin' },
          },
        ]);
        return { mail, clientId, userId };
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
      const viewer = viewerOf(res);
      const ip = clientOf(req, res).ip;
      const mail = await db.transaction(async (tx) => {
        const enquiry = await lockEnquiry(tx, Number(EnquiryId));
        await tx.query(
          "UPDATE enquiries SET is_approved = 'R', decided_by = $2, decided_at = now(), decision_note = $3 WHERE enquiry_id = $1",
          [enquiry.enquiry_id, viewer.userId, Reason],
        );
        const queued = await mailer.queue(
          tx,
          enquiry.admin_email,
          enquiryRejectedMail(
            { firstName: enquiry.admin_first_name, companyName: enquiry.company_name, reason: Reason },
            await wordingOf(tx, null, 'enquiry_rejected'),
          ),
        );
        await audit(tx, {
          clientId: null,
          actorUserId: viewer.userId,
          ip,
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
