import type { Transaction } from '#db/database';

/* The demo's products, their plans and each product's roles. */

const PRODUCTS = [
  { code: 'YOZY-LITE', name: 'Yozy Lite', domain: 'https://lite.yozy.local', included: ['Tasks', 'Chat'] },
  { code: 'YOZY-WEB', name: 'Yozy Web', domain: 'https://app.yozy.local', included: ['Projects', 'ITSM', 'Reports'] },
];

const PLANS = [
  { product: 'YOZY-LITE', name: 'Lite Starter', group: 'MICROSAAS', cost: 9, currency: 'USD', frequency: 'MONTHLY', capacity: 10 },
  { product: 'YOZY-LITE', name: 'Lite Team', group: 'MICROSAAS', cost: 29, currency: 'USD', frequency: 'MONTHLY', capacity: 25 },
  { product: 'YOZY-WEB', name: 'Web Business', group: 'STANDARD', cost: 49, currency: 'USD', frequency: 'MONTHLY', capacity: 50 },
  { product: 'YOZY-WEB', name: 'Web Enterprise', group: 'STANDARD', cost: 4900, currency: 'USD', frequency: 'YEARLY', capacity: 500 },
];

const ROLES = ['Admin', 'Manager', 'Member'];

/** The plans by name, with the product each is of. */
export type PlanIds = Map<string, { planId: number; productId: number }>;

export async function insertProducts(tx: Transaction, productUrl: string | undefined) {
  const ids = new Map<string, number>();
  for (const p of PRODUCTS) {
    const [row] = await tx.query<{ product_id: number }>(
      'INSERT INTO products (product_name, product_code, domain, included_products) VALUES ($1, $2, $3, $4) RETURNING product_id',
      [p.name, p.code, productUrl ?? p.domain, p.included],
    );
    ids.set(p.code, row!.product_id);
  }
  return ids;
}

export async function insertPlans(tx: Transaction, productIds: Map<string, number>) {
  const ids: PlanIds = new Map();
  for (const p of PLANS) {
    const productId = productIds.get(p.product)!;
    const [row] = await tx.query<{ plan_id: number }>(
      `INSERT INTO plans (product_id, plan_name, plan_group, cost, currency, frequency, capacity)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING plan_id`,
      [productId, p.name, p.group, p.cost, p.currency, p.frequency, p.capacity],
    );
    ids.set(p.name, { planId: row!.plan_id, productId });
  }
  return ids;
}

export async function insertRoles(tx: Transaction, productIds: Map<string, number>) {
  const ids = new Map<string, number>();
  for (const [code, productId] of productIds) {
    for (const role of ROLES) {
      const [row] = await tx.query<{ role_id: number }>(
        'INSERT INTO roles (role_name, product_id, description) VALUES ($1, $2, $3) RETURNING role_id',
        // Described by the product's name, as the console shows it (never its code).
        [role, productId, `${role} of ${PRODUCTS.find((product) => product.code === code)?.name ?? code}`],
      );
      ids.set(`${code}:${role}`, row!.role_id);
    }
  }
  return ids;
}
