import { beforeAll, describe, expect, it } from 'vitest';
import { GraphQLSession, signedIn } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const PRODUCT_FIELDS = 'id name code domain includedProducts planCount';
const LIST = `query ($search: String, $sort: ManagedProductSort) { productMaster(search: $search, sort: $sort) { totalCount nodes { ${PRODUCT_FIELDS} } } }`;
const CREATE = `mutation ($input: CreateProductInput!) { createProduct(input: $input) { product { ${PRODUCT_FIELDS} } errors { code field message } } }`;
const UPDATE = `mutation ($input: UpdateProductInput!) { updateProduct(input: $input) { product { ${PRODUCT_FIELDS} } errors { code field message } } }`;

type Product = { id: string; name: string; code: string; domain: string; includedProducts: string[]; planCount: number };

describe.each(DATABASES)('the product master over /graphql on %s', (kind) => {
  const stack = useStack(kind);
  let provider: GraphQLSession;

  beforeAll(async () => {
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
  });

  const desk = { name: 'Yozy Desk', code: 'yozy-desk', domain: 'https://desk.yozy.example', includedProducts: ['Tickets'] };

  it('refuses organisation admins and members, changing nothing', async () => {
    const before = await stack.db.query('SELECT * FROM products ORDER BY product_id');
    for (const email of ['admin@acme.local', 'admin@globex.local', 'member@acme.local']) {
      const session = await signedIn(stack.gatewayUrl, email);
      const answers = await Promise.all([session.request(LIST), session.request(CREATE, { input: { ...desk, code: 'SNEAKY' } })]);
      expect(answers.map((answer) => answer.errors?.[0]?.extensions?.code)).toEqual(['FORBIDDEN', 'FORBIDDEN']);
    }
    expect(await stack.db.query('SELECT * FROM products ORDER BY product_id')).toEqual(before);
  });

  it('adds a product that the sign-up form lists, changes it, and names the field of a taken code', async () => {
    const created = await provider.request<{ createProduct: { product: Product; errors: unknown[] } }>(CREATE, { input: desk });
    expect(created.data!.createProduct).toEqual({
      product: {
        id: expect.any(String),
        name: 'Yozy Desk',
        code: 'YOZY-DESK',
        domain: 'https://desk.yozy.example',
        includedProducts: ['Tickets'],
        planCount: 0,
      },
      errors: [],
    });
    const catalogue = await new GraphQLSession(stack.gatewayUrl).request<{ products: { name: string }[] }>('{ products { name } }');
    expect(catalogue.data!.products.map((product) => product.name)).toContain('Yozy Desk');

    const id = created.data!.createProduct.product.id;
    const updated = await provider.request<{ updateProduct: { product: Product } }>(UPDATE, {
      input: { id, ...desk, includedProducts: ['Tickets', 'Chat'] },
    });
    expect(updated.data!.updateProduct.product.includedProducts).toEqual(['Tickets', 'Chat']);

    const taken = await provider.request<{ updateProduct: { errors: { code: string; field: string }[] } }>(UPDATE, {
      input: { id, ...desk, code: 'YOZY-WEB' },
    });
    expect(taken.data!.updateProduct.errors).toEqual([expect.objectContaining({ code: 'CONFLICT', field: 'code' })]);

    const list = await provider.request<{ productMaster: { totalCount: number; nodes: Product[] } }>(LIST, {
      sort: { field: 'CODE', direction: 'ASC' },
    });
    expect(list.data!.productMaster.nodes.map((product) => [product.code, product.planCount])).toEqual([
      ['YOZY-DESK', 0],
      ['YOZY-LITE', 2],
      ['YOZY-WEB', 2],
    ]);
    const [audit] = await stack.db.query<{ actions: string[] }>(
      "SELECT array_agg(action ORDER BY audit_id) AS actions FROM audit_log WHERE entity_type = 'product' AND entity_id = $1",
      [id],
    );
    expect(audit!.actions).toEqual(['product.create', 'product.update']);
  });
});
