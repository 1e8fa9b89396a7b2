import type { z } from 'zod';
import { PRODUCT_REST_FIELDS, productInput, restSchema } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { HttpError } from '#http/errors';
import { recordById, recordQuery, type ResourceDefinition, recordOf } from '#http/resource';
import { listRoute, route } from '#http/route';
import { changeRecord, createRecord, type Master } from '#domain/masters';
import { refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';

export const PRODUCTS_PATH = '/platform/subscription_product_master';

/** Every product of the provider with how many plans it has: the product master it keeps. */
export const managedProductFields = {
  ProductId: { sql: 'p.product_id', type: 'int' },
  ProductName: {
    sql: 'p.product_name',
    type: 'text',
    searchable: true,
    sort: { index: 'products_product_name_sort_idx', by: 'lower(p.product_name)' },
  },
  ProductCode: { sql: 'p.product_code', type: 'text', searchable: true, sort: { index: 'products_product_code_sort_idx' } },
  Domain: { sql: 'p.domain', type: 'text', searchable: true },
  IncludedProducts: { sql: 'p.included_products', type: 'textList' },
  PlanCount: { sql: '(SELECT count(*)::int FROM plans pl WHERE pl.product_id = p.product_id)', type: 'int' },
} satisfies ResourceDefinition['fields'];

export const managedProducts: ResourceDefinition = {
  from: 'products p',
  fields: managedProductFields,
  tieBreaker: 'p.product_id',
};

/** A product in the provider's field names, with the rules the console's form checks. */
export const productBody = requestSchema('ProductForm', restSchema(productInput, PRODUCT_REST_FIELDS));
export const productQuery = recordQuery('ProductId');

type ProductRow = z.output<typeof productBody> & { ProductId: number; PlanCount: number };

const DUPLICATE_CODE = 'Another product has this code';

const product: Master<ProductRow, 'product'> = {
  entity: 'product',
  table: 'products',
  key: 'product_id',
  query: productQuery,
  idField: 'ProductId',
  read: (db, productId, lock) => recordById(db, managedProducts, 'p.product_id', productId, lock ? 'p' : undefined),
  described: ({ ProductName, ProductCode, Domain, IncludedProducts }) => ({ ProductName, ProductCode, Domain, IncludedProducts }),
  duplicates: { products_product_code_key: [DUPLICATE_CODE, 'ProductCode'] },
};

async function codeTaken(db: Queryable, code: string, exceptProductId: number | null) {
  const [row] = await db.query('SELECT 1 FROM products WHERE product_code = $1 AND product_id IS DISTINCT FROM $2', [
    code,
    exceptProductId,
  ]);
  return Boolean(row);
}

export const managedProductRecord = answerSchema('ManagedProduct', recordOf(managedProductFields));

/** The product master for the provider's SuperAdmins: list, add and change products. */
export const platformProductRoutes = [
  listRoute({
    path: PRODUCTS_PATH,
    access: 'superAdmin',
    operationId: 'listManagedProducts',
    tag: 'Platform',
    summary: 'Every product, with the number of its plans (SuperAdmins)',
    resource: managedProducts,
    rows: 'Products',
    record: managedProductRecord,
  }),

  route(
    {
      method: 'post',
      path: PRODUCTS_PATH,
      access: 'superAdmin',
      operationId: 'createProduct',
      idempotent: true,
      tag: 'Platform',
      summary: 'Add a product; it is on sale at once (the sign-up form lists it)',
      body: productBody,
      responses: {
        201: { description: 'The new product', body: managedProductRecord },
        400: refused('BAD_REQUEST naming the field: missing, too long, a code of other characters, or an address that is not http(s)'),
        409: refused('CONFLICT (field ProductCode): another product has this code'),
      },
    },
    createRecord(product, productBody, async (tx, body) => {
      if (await codeTaken(tx, body.ProductCode, null)) throw new HttpError('CONFLICT', DUPLICATE_CODE, 'ProductCode');
      const [row] = await tx.query<{ product_id: number }>(
        'INSERT INTO products (product_name, product_code, domain, included_products) VALUES ($1, $2, $3, $4) RETURNING product_id',
        [body.ProductName, body.ProductCode, body.Domain, body.IncludedProducts],
      );
      return row!.product_id;
    }),
  ),

  route(
    {
      method: 'patch',
      path: PRODUCTS_PATH,
      access: 'superAdmin',
      operationId: 'updateProduct',
      tag: 'Platform',
      summary: 'Change a product’s name, code, address or included products',
      query: productQuery,
      body: productBody,
      responses: {
        200: { description: 'The product as changed', body: managedProductRecord },
        400: refused('BAD_REQUEST naming the field'),
        404: refused('NOT_FOUND: no such product'),
        409: refused('CONFLICT (field ProductCode): another product has this code'),
      },
    },
    changeRecord(
      product,
      productBody,
      () => 'update' as const,
      async (tx, productId, body) => {
        if (await codeTaken(tx, body.ProductCode, productId)) throw new HttpError('CONFLICT', DUPLICATE_CODE, 'ProductCode');
        await tx.query(
          'UPDATE products SET product_name = $2, product_code = $3, domain = $4, included_products = $5 WHERE product_id = $1',
          [productId, body.ProductName, body.ProductCode, body.Domain, body.IncludedProducts],
        );
      },
    ),
  ),
];
