import { z } from 'zod';
import type { FieldMap } from './fieldMap';
import { requiredText } from './rules';

export const PRODUCT_CODE_MESSAGE = 'Use capital letters, digits and - only, such as YOZY-WEB';
export const PRODUCT_ADDRESS_MESSAGE = 'Enter the address where the product runs, such as https://app.example.com';
export const MAX_INCLUDED_PRODUCTS = 20;

/** An http(s) address a browser can open: where users go after setting a password. */
function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The product's parts, as a list or as typed in one line ("Tasks, Chat"). */
const includedProducts = z
  .union([z.array(z.string({ error: 'Name each included product' })), z.string()], { error: 'List the included products' })
  .transform((value) => (typeof value === 'string' ? value.split(',') : value).map((item) => item.trim()).filter(Boolean))
  .pipe(
    z
      .array(requiredText('Name each included product', 100))
      .max(MAX_INCLUDED_PRODUCTS, `List at most ${MAX_INCLUDED_PRODUCTS} included products`),
  );

/** A product of the provider, new or changed, in the GraphQL input's names. */
export const productInput = z.object({
  name: requiredText('Enter the product name', 100),
  code: requiredText('Enter the product code', 50)
    .transform((code) => code.toUpperCase())
    .refine((code) => /^[A-Z0-9-]*$/.test(code), PRODUCT_CODE_MESSAGE),
  domain: requiredText('Enter the product’s address', 300).refine(isWebAddress, PRODUCT_ADDRESS_MESSAGE),
  includedProducts,
});

export type ProductInput = z.input<typeof productInput>;

/** A product's fields as the provider's REST service names them (the product master of the specification). */
export const PRODUCT_REST_FIELDS = {
  id: 'ProductId',
  name: 'ProductName',
  code: 'ProductCode',
  domain: 'Domain',
  includedProducts: 'IncludedProducts',
  planCount: 'PlanCount',
} as const satisfies FieldMap;
