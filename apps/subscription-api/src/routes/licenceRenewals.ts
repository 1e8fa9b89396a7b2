import { z } from 'zod';
import { LICENCE_EXPIRY_WARNING_DAYS, recordId } from '@yozy/shared';
import { isUniqueViolation } from '#db/database';
import { auditIn, auditScope } from '#domain/audited';
import { viewerOf } from '#http/auth';
import { HttpError, parseBody } from '#http/errors';
import { route } from '#http/route';
import { refused } from '#http/answers';
import { clientIdBody, targetOrganization } from '#http/scope';
import { answerSchema, requestSchema } from '#openapi/components';
import { emit, idOf } from '#webhooks/events';

/** POST /subscription_client_license/renewal_request */
export const renewalRequestBody = requestSchema(
  'LicenceRenewalRequest',
  z.object({
    ClientId: clientIdBody('The organisation; the caller’s own when left out (naming another is refused)'),
    LicenceId: recordId('Choose a licence').meta({ description: 'The licence to renew, of the organisation' }),
  }),
);

export const renewalRequested = answerSchema(
  'LicenceRenewalRequested',
  z.strictObject({
    EnquiryId: z.int().meta({ description: 'The enquiry the provider sees, among the enquiries' }),
    RequestedAt: z.iso.datetime().meta({ description: 'When it was asked' }),
  }),
);

export const OPEN_RENEWAL_MESSAGE = 'Renewal of this licence was requested already: the provider has not answered yet';
export const PROVIDER_RENEWS_MESSAGE = 'The provider renews a licence itself: extend it on the organization’s Subscription Details';
export const NOT_EXPIRING_MESSAGE = `Renewal can be requested in the last ${LICENCE_EXPIRY_WARNING_DAYS} days of a licence, or once it has expired`;

type RenewedLicence = {
  licence_id: number;
  client_id: number;
  company_name: string;
  contact_name: string | null;
  product_id: number;
  product_name: string;
  plan_id: number;
  valid_till: string;
  is_active: boolean;
  expiring: boolean;
};

/** An organisation admin asks the provider to renew one of its licences about to expire. */
export const licenceRenewalRoutes = [
  route(
    {
      method: 'post',
      path: '/subscription_client_license/renewal_request',
      access: 'admin',
      operationId: 'requestLicenceRenewal',
      tag: 'Licences',
      summary: 'Ask the provider to renew a licence about to expire: it reaches the provider as an enquiry',
      description: `For an organisation's own admins: a licence active and in its last ${LICENCE_EXPIRY_WARNING_DAYS} days, or expired. The enquiry names the organisation, the admin who asked, the product and plan, the licence and its last day; the provider approves it (the licence is extended by one period of its plan) or rejects it. One open request per licence. Audit licence.renewal_request. Read-only API keys are refused.`,
      body: renewalRequestBody,
      responses: {
        201: { description: 'Requested', body: renewalRequested },
        400: refused(
          `BAD_REQUEST (field LicenceId): LicenceId missing or not a whole number, the licence is deactivated, or "${NOT_EXPIRING_MESSAGE}"`,
        ),
        403: refused(`FORBIDDEN: another organisation named, or a SuperAdmin: "${PROVIDER_RENEWS_MESSAGE}"`),
        404: refused('NOT_FOUND (field LicenceId): no such licence of the organisation'),
        409: refused(`CONFLICT (field LicenceId): "${OPEN_RENEWAL_MESSAGE}"`),
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      const body = parseBody(renewalRequestBody, req.body);
      const clientId = targetOrganization(viewer, body.ClientId);
      if (viewer.typeOfUser === 'SuperAdmin') throw new HttpError('FORBIDDEN', PROVIDER_RENEWS_MESSAGE);
      const requested = await db
        .transaction(async (tx) => {
          const [licence] = await tx.query<RenewedLicence>(
            `SELECT l.licence_id, l.client_id, c.company_name, c.contact_name, l.product_id, pr.product_name, l.plan_id,
                    to_char(l.valid_till, 'YYYY-MM-DD') AS valid_till, l.is_active,
                    l.valid_till <= current_date + $3::int AS expiring
               FROM licences l JOIN clients c ON c.client_id = l.client_id JOIN products pr ON pr.product_id = l.product_id
              WHERE l.licence_id = $1 AND l.client_id = $2
                FOR UPDATE OF l`,
            [body.LicenceId, clientId, LICENCE_EXPIRY_WARNING_DAYS],
          );
          if (!licence) throw new HttpError('NOT_FOUND', 'There is no such licence in this organization', 'LicenceId');
          if (!licence.is_active)
            throw new HttpError('BAD_REQUEST', 'This licence is deactivated: ask the provider to reactivate it', 'LicenceId');
          if (!licence.expiring) throw new HttpError('BAD_REQUEST', NOT_EXPIRING_MESSAGE, 'LicenceId');
          const [open] = await tx.query('SELECT 1 FROM enquiries WHERE licence_id = $1 AND is_approved IS NULL', [licence.licence_id]);
          if (open) throw new HttpError('CONFLICT', OPEN_RENEWAL_MESSAGE, 'LicenceId');

          const [row] = await tx.query<{ enquiry_id: number; created_at: Date }>(
            `INSERT INTO enquiries (company_name, city, state, country, country_code, currency_code, contact_name, contact_designation,
                                    admin_first_name, admin_last_name, admin_email, admin_phone, admin_department,
                                    product_id, plan_id, client_id, licence_id, licence_valid_till)
             SELECT c.company_name, c.city, c.state, c.country, c.country_code, c.currency_code, c.contact_name, c.designation,
                    u.first_name, u.last_name, u.email, u.phone, u.department_name,
                    $3, $4, c.client_id, $5, $6::date
               FROM clients c JOIN client_users u ON u.client_id = c.client_id
              WHERE c.client_id = $1 AND u.user_id = $2
             RETURNING enquiry_id, created_at`,
            [clientId, viewer.userId, licence.product_id, licence.plan_id, licence.licence_id, licence.valid_till],
          );
          await auditIn(tx, auditScope(req, res, clientId), {
            action: 'licence.renewal_request',
            entityType: 'licence',
            entityId: licence.licence_id,
            before: { renewalRequested: false },
            after: { renewalRequested: true, enquiryId: row!.enquiry_id, productId: licence.product_id, validTill: licence.valid_till },
          });
          await emit(tx, {
            clientId,
            type: 'enquiry.received',
            data: {
              enquiryId: idOf(row!.enquiry_id),
              kind: 'RENEWAL',
              organizationId: idOf(clientId),
              productId: idOf(licence.product_id),
              planId: idOf(licence.plan_id),
            },
          });
          return row!;
        })
        .catch((error: unknown) => {
          // Two requests racing past the check above: the partial unique index settles it.
          if (isUniqueViolation(error, 'enquiries_open_renewal_key')) throw new HttpError('CONFLICT', OPEN_RENEWAL_MESSAGE, 'LicenceId');
          throw error;
        });
      res.status(201).json({ EnquiryId: requested.enquiry_id, RequestedAt: new Date(requested.created_at).toISOString() });
    },
  ),
];
