import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, openRestApi, type RestApi } from '#testing/restApi';
import { PRODUCTS_PATH } from './products';

let api: RestApi;
let superAdmin: string;
let orgAdmin: string;

beforeAll(async () => {
  api = await openRestApi();
  [superAdmin, orgAdmin] = await Promise.all([api.signIn('admin@yozy.local'), api.signIn('admin@acme.local')]);
});
afterAll(() => api.close());

type ProductRecord = Record<string, unknown> & { ProductId: number };

const newProduct = (code: string) => ({
  ProductName: 'Yozy Desk',
  ProductCode: code,
  Domain: 'https://desk.yozy.example',
  IncludedProducts: 'Tickets, Knowledge base',
});

const auditOf = (productId: number) =>
  api.db.query<{ action: string; before: unknown; after: unknown }>(
    "SELECT action, before, after FROM audit_log WHERE entity_type = 'product' AND entity_id = $1 ORDER BY audit_id",
    [String(productId)],
  );

describe('the product master of Platform Settings', () => {
  it('refuses an organisation admin and a caller without a session, writing nothing', async () => {
    const [yozyWeb] = await api.db.query<{ product_id: number }>("SELECT product_id FROM products WHERE product_code = 'YOZY-WEB'");
    for (const token of [orgAdmin, undefined]) {
      const answers = await Promise.all([
        api.agent.get(PRODUCTS_PATH).use(bearer(token)),
        api.agent.post(PRODUCTS_PATH).use(bearer(token)).send(newProduct('SNEAKY')),
        api.agent.patch(`${PRODUCTS_PATH}?ProductId=eq.${yozyWeb!.product_id}`).use(bearer(token)).send(newProduct('SNEAKY')),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual(token ? [403, 403, 403] : [401, 401, 401]);
    }
    expect(await api.db.query("SELECT product_code FROM products WHERE product_code IN ('SNEAKY', 'YOZY-WEB')")).toEqual([
      { product_code: 'YOZY-WEB' },
    ]);
  });

  it('lists products with their plans, sorted by code', async () => {
    const answer = await api.agent.get(`${PRODUCTS_PATH}?order=ProductCode.desc`).auth(superAdmin, { type: 'bearer' });
    expect(answer.body.map((product: ProductRecord) => [product.ProductCode, product.PlanCount])).toEqual([
      ['YOZY-WEB', 2],
      ['YOZY-LITE', 2],
    ]);
  });

  it('adds a product, on sale at once, and changes it, each change in the audit log', async () => {
    const created = await api.agent.post(PRODUCTS_PATH).auth(superAdmin, { type: 'bearer' }).send(newProduct('yozy-desk'));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ProductCode: 'YOZY-DESK', IncludedProducts: ['Tickets', 'Knowledge base'], PlanCount: 0 });
    const onSale = await api.agent.get('/subscription_product_master');
    expect(onSale.body.map((product: { ProductCode: string }) => product.ProductCode)).toContain('YOZY-DESK');

    const changed = await api.agent
      .patch(`${PRODUCTS_PATH}?ProductId=eq.${created.body.ProductId}`)
      .auth(superAdmin, { type: 'bearer' })
      .send({ ...newProduct('YOZY-DESK'), Domain: 'https://desk.yozy.example/app' });
    expect(changed.body.Domain).toBe('https://desk.yozy.example/app');
    expect(await auditOf(created.body.ProductId)).toEqual([
      { action: 'product.create', before: null, after: expect.objectContaining({ ProductCode: 'YOZY-DESK' }) },
      { action: 'product.update', before: { Domain: 'https://desk.yozy.example' }, after: { Domain: 'https://desk.yozy.example/app' } },
    ]);
  });

  it.each([
    ['ProductCode', { ProductCode: 'YOZY WEB!' }, 400],
    ['Domain', { Domain: 'javascript:alert(1)' }, 400],
    ['IncludedProducts', { IncludedProducts: Array.from({ length: 21 }, (_, i) => `Part ${i}`) }, 400],
    ['ProductCode', { ProductCode: 'YOZY-WEB' }, 409],
  ])('refuses a bad %s, naming it', async (field, change, status) => {
    const answer = await api.agent
      .post(PRODUCTS_PATH)
      .auth(superAdmin, { type: 'bearer' })
      .send({ ...newProduct('ANOTHER'), ...change });
    expect(answer.status).toBe(status);
    expect(answer.body.error.field).toBe(field);
  });
});
