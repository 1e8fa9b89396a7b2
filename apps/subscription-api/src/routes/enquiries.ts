import { z } from 'zod';
import { ENQUIRY_REST_FIELDS, enquiryInput, restSchema } from '@yozy/shared';
import { isUniqueViolation, type Database } from '#db/database';
import { HttpError, parseBody } from '#http/errors';
import { wordingOf } from '#mail/delivery';
import { enquiryReceivedMail } from '#mail/templates';
import { route } from '#http/route';
import { checkClosedLists } from '#domain/organizationChoices';
import { refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';
import { emit, idOf } from '#webhooks/events';

export const PENDING_ENQUIRY_MESSAGE = 'An enquiry for this email is already waiting for approval';

/** The enquiry form of SPEC section 3 in the provider's field names, with the rules the console's form checks. */
export const enquiryBody = requestSchema('EnquiryForm', restSchema(enquiryInput, ENQUIRY_REST_FIELDS));

type EnquiryBody = z.infer<typeof enquiryBody>;

const COLUMNS: [column: string, value: (e: EnquiryBody) => unknown][] = [
  ['company_name', (e) => e.ClientCompanyName],
  ['address_line1', (e) => e.AddressLine1],
  ['address_line2', (e) => e.AddressLine2],
  ['city', (e) => e.City],
  ['state', (e) => e.State],
  ['country', (e) => e.Country],
  ['country_code', (e) => e.CountryCode],
  ['pincode', (e) => e.Pincode],
  ['currency_code', (e) => e.CurrencyCode],
  ['client_type', (e) => e.ClientType],
  ['nature_of_business', (e) => e.NatureOfBusiness],
  ['business_vertical', (e) => e.BusinessVertical],
  ['revenue_usd', (e) => e.ClientRevenueInUSD],
  ['admin_first_name', (e) => e.AdminFirstname],
  ['admin_last_name', (e) => e.AdminLastname],
  ['admin_email', (e) => e.AdminEmail],
  ['admin_phone', (e) => e.AdminPhone],
  ['admin_department', (e) => e.AdminDepartment],
  ['contact_name', (e) => e.ContactName],
  ['contact_designation', (e) => e.ContactDesignation],
  ['contact_email', (e) => e.ContactEmail],
  ['contact_phone', (e) => e.ContactPhone],
  ['product_id', (e) => e.ProductId],
  ['plan_id', (e) => e.PlanId],
];

const enquiryCreated = answerSchema('EnquiryCreated', z.strictObject({ EnquiryId: z.int() }));

/**
 * Public sign-up: a company asks to subscribe, is mailed that the enquiry arrived, and the enquiry
 * waits for a SuperAdmin's decision.
 */
export const enquiryRoutes = [
  route(
    {
      method: 'post',
      path: '/form/subscription_web_enquiry',
      access: 'gateway',
      operationId: 'createEnquiry',
      idempotent: true,
      tag: 'Enquiries',
      summary: 'Public sign-up: a company asks to subscribe; the enquiry waits for approval',
      body: enquiryBody,
      responses: {
        201: { description: 'Stored, pending approval', body: enquiryCreated },
        400: refused(
          'BAD_REQUEST naming the field: a required field missing, a malformed email or phone, a country or currency not in ISO 3166-1 or ISO 4217 (CountryCode, CurrencyCode; Country without CountryCode), a business vertical or client type not offered in the provider’s lists, a product not on sale (ProductId), a plan not of that product (PlanId)',
        ),
        409: refused(`CONFLICT (field AdminEmail): "${PENDING_ENQUIRY_MESSAGE}"`),
      },
    },
    async (req, res, { db, mailer }) => {
      const enquiry = await checkClosedLists(db, parseBody(enquiryBody, req.body));
      await requireOnSale(db, enquiry.ProductId, enquiry.PlanId);
      const [pending] = await db.query('SELECT 1 FROM enquiries WHERE lower(admin_email) = lower($1) AND is_approved IS NULL', [
        enquiry.AdminEmail,
      ]);
      if (pending) throw pendingConflict();
      try {
        const { row, mail } = await db.transaction(async (tx) => {
          const [inserted] = await tx.query<{ enquiry_id: number }>(
            `INSERT INTO enquiries (${COLUMNS.map(([column]) => column).join(', ')})
           VALUES (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})
           RETURNING enquiry_id`,
            COLUMNS.map(([, value]) => value(enquiry)),
          );
          const content = enquiryReceivedMail(
            { firstName: enquiry.AdminFirstname, companyName: enquiry.ClientCompanyName },
            await wordingOf(tx, null, 'enquiry_received'),
          );
          await emit(tx, {
            clientId: null,
            type: 'enquiry.received',
            data: {
              enquiryId: idOf(inserted!.enquiry_id),
              kind: 'SIGN_UP',
              organizationId: null,
              productId: idOf(enquiry.ProductId),
              planId: idOf(enquiry.PlanId),
            },
          });
          return { row: inserted, mail: await mailer.queue(tx, enquiry.AdminEmail, content) };
        });
        mailer.dispatch(mail);
        res.status(201).json({ EnquiryId: row!.enquiry_id });
      } catch (error) {
        // Two submissions racing past the check above: the partial unique index settles it.
        if (isUniqueViolation(error, 'enquiries_pending_admin_email_key')) throw pendingConflict();
        throw error;
      }
    },
  ),
];

const pendingConflict = () => new HttpError('CONFLICT', PENDING_ENQUIRY_MESSAGE, 'AdminEmail');

async function requireOnSale(db: Database, productId: number, planId: number) {
  const [row] = await db.query<{ product_on_sale: boolean; plan_product_id: number | null }>(
    `SELECT p.is_active AS product_on_sale,
            (SELECT pl.product_id FROM plans pl WHERE pl.plan_id = $2 AND pl.is_active) AS plan_product_id
       FROM products p WHERE p.product_id = $1`,
    [productId, planId],
  );
  if (!row?.product_on_sale) throw new HttpError('BAD_REQUEST', 'Choose a product from the list', 'ProductId');
  if (row.plan_product_id !== productId) throw new HttpError('BAD_REQUEST', 'Choose a plan of the chosen product', 'PlanId');
}
