import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../db/database';
import { emailAddress, optionalText, recordId, requiredText } from '../http/fields';
import { HttpError, parseBody } from '../http/errors';

const PHONE = { regex: /^\+?[0-9][0-9 ()./-]{3,31}$/, message: 'Enter a phone number of digits, spaces and + ( ) - .' };
const CURRENCY = { regex: /^[A-Za-z]{3}$/, message: 'Enter a three-letter currency code such as USD' };

export const PENDING_ENQUIRY_MESSAGE = 'An enquiry for this email is already waiting for approval';

/** The enquiry form of SPEC section 3, in the provider's field names, each mapped to its column. */
export const enquiryBody = z.object({
  ClientCompanyName: requiredText('Enter the company name'),
  AddressLine1: optionalText(300),
  AddressLine2: optionalText(300),
  City: optionalText(100),
  State: optionalText(100),
  Country: optionalText(100),
  CountryCode: optionalText(8),
  Pincode: optionalText(20),
  CurrencyCode: optionalText(3, CURRENCY).transform((v) => v?.toUpperCase() ?? null),
  ClientType: optionalText(100),
  NatureOfBusiness: optionalText(200),
  BusinessVertical: optionalText(200),
  ClientRevenueInUSD: z
    .number({ error: 'Enter the revenue as a number' })
    .nonnegative('Enter the revenue as a number of 0 or more')
    .max(1e14, 'Enter the revenue as a number of 0 or more')
    .nullish()
    .transform((v) => v ?? null),
  AdminFirstname: requiredText("Enter the administrator's first name", 100),
  AdminLastname: requiredText("Enter the administrator's last name", 100),
  AdminEmail: emailAddress,
  AdminPhone: optionalText(32, PHONE),
  AdminDepartment: optionalText(100),
  ContactName: requiredText('Enter the contact name'),
  ContactDesignation: optionalText(100),
  ContactEmail: emailAddress,
  ContactPhone: optionalText(32, PHONE),
  ProductId: recordId('Choose a product'),
  PlanId: recordId('Choose a plan'),
});

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

/** Public sign-up: a company asks to subscribe, and the enquiry waits for a SuperAdmin's decision. */
export function enquiryRoutes(db: Database): Router {
  const router = Router();
  router.post('/form/subscription_web_enquiry', async (req, res) => {
    const enquiry = parseBody(enquiryBody, req.body);
    await requireOnSale(db, enquiry.ProductId, enquiry.PlanId);
    const [pending] = await db.query('SELECT 1 FROM enquiries WHERE lower(admin_email) = lower($1) AND is_approved IS NULL', [
      enquiry.AdminEmail,
    ]);
    if (pending) throw pendingConflict();
    try {
      const [row] = await db.query<{ enquiry_id: number }>(
        `INSERT INTO enquiries (${COLUMNS.map(([column]) => column).join(', ')})
         VALUES (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})
         RETURNING enquiry_id`,
        COLUMNS.map(([, value]) => value(enquiry)),
      );
      res.status(201).json({ EnquiryId: row!.enquiry_id });
    } catch (error) {
      // Two submissions racing past the check above: the partial unique index settles it.
      if (isUniqueViolation(error, 'enquiries_pending_admin_email_key')) throw pendingConflict();
      throw error;
    }
  });
  return router;
}

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

/** Both database drivers report SQLSTATE 23505 with the constraint's name. */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === '23505' &&
    'constraint' in error &&
    error.constraint === constraint
  );
}
