import type { Queryable } from '#db/database';
import { HttpError } from '#http/errors';
import { wordingOf } from '#mail/delivery';
import type { Mailer } from '#mail/mailer';
import { invitationMail } from '#mail/templates';
import { emitAll, idOf } from '#webhooks/events';
import { auditIn, scopeFor, type OrganisationScope } from './audited';
import { issueToken } from './userTokens';

// A SuperAdmin's approval of an enquiry: a sign-up becomes an organisation with its licence and
// admin, a renewal request extends its licence. Each is audited in the organisation it concerns.

export type EnquiryRow = {
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
export async function lockEnquiry(tx: Queryable, enquiryId: number): Promise<EnquiryRow> {
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
export async function renewLicence(tx: Queryable, enquiry: EnquiryRow, scope: OrganisationScope) {
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
    scope.actorUserId,
  ]);
  const clientId = licence.client_id;
  const own = scopeFor(scope, clientId);
  await auditIn(tx, own, {
    action: 'enquiry.approve',
    entityType: 'enquiry',
    entityId: enquiry.enquiry_id,
    before: { status: 'PENDING' },
    after: { status: 'APPROVED', licenceId: enquiry.licence_id },
  });
  await auditIn(tx, own, {
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
  return { mail: null, clientId, userId: licence.admin_user_id ?? scope.actorUserId! };
}

/**
 * Approves a sign-up enquiry, all or nothing: the organisation from it with its settings, a licence
 * for its product and plan (one period of the plan from today), the admin (OrgAdmin, no password
 * yet) with the product's Admin role, an invitation token and mail, the enquiry marked approved, and
 * the audit entries; the mail is queued, for the caller to send once the transaction commits.
 */
export async function approveSignUp(tx: Queryable, mailer: Mailer, enquiry: EnquiryRow, scope: OrganisationScope) {
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
    await tx.query('INSERT INTO user_roles (user_id, role_id, product_id) VALUES ($1, $2, $3)', [userId, role.role_id, plan.product_id]);
  }

  await tx.query("UPDATE enquiries SET is_approved = 'Y', decided_by = $2, decided_at = now(), client_id = $3 WHERE enquiry_id = $1", [
    enquiry.enquiry_id,
    scope.actorUserId,
    clientId,
  ]);

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

  const own = scopeFor(scope, clientId);
  await auditIn(tx, own, {
    action: 'enquiry.approve',
    entityType: 'enquiry',
    entityId: enquiry.enquiry_id,
    before: { status: 'PENDING' },
    after: { status: 'APPROVED', clientId, licenceId: licence!.licence_id, adminUserId: userId },
  });
  await auditIn(tx, own, {
    action: 'organization.create',
    entityType: 'organization',
    entityId: clientId,
    after: { companyName: enquiry.company_name, enquiryId: enquiry.enquiry_id },
  });
  await auditIn(tx, own, {
    action: 'licence.create',
    entityType: 'licence',
    entityId: licence!.licence_id,
    after: { productId: plan.product_id, planId: plan.plan_id, validTill: licence!.valid_till, seats: plan.capacity },
  });
  await auditIn(tx, own, {
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
}
