import type { CellContext } from '../../support/tenantMatrix';

// What the rows of more than one area use.

export const ORGANIZATION_FIELDS = 'id companyName contactName city addressLine1 clientType businessVertical';

/** Live sessions of the other organisation's people: what a refused sign-in or sign-out must not start or end. */
export const sessionsOf = ({ db, other }: CellContext) =>
  db.query('SELECT session_id, ended_at FROM sessions WHERE client_id = $1 ORDER BY session_id', [Number(other.id)]);

/** The two-factor rows of the other organisation's people. */
export const twoFactorOf = ({ db, other }: CellContext) =>
  db.query('SELECT tf.* FROM two_factor tf JOIN client_users u ON u.user_id = tf.user_id WHERE u.client_id = $1 ORDER BY tf.user_id', [
    Number(other.id),
  ]);

/** A product of the cell's own with two plans, and a live licence of the other organisation on the first: ids as strings. */
export async function matrixLicence({ db, other, unique }: CellContext, { licensed = true } = {}) {
  const code = `MATRIX-LIC-${unique}-${Math.random().toString(36).slice(2)}`;
  const [product] = await db.query<{ product_id: number }>(
    "INSERT INTO products (product_name, product_code, domain) VALUES ($1, $1, 'https://matrix-licence.example') RETURNING product_id",
    [code],
  );
  const plans = await db.query<{ plan_id: number }>(
    `INSERT INTO plans (product_id, plan_name, plan_group, cost, currency, frequency, capacity)
     VALUES ($1, $2 || ' one', 'STANDARD', 1, 'USD', 'MONTHLY', 100), ($1, $2 || ' two', 'STANDARD', 2, 'USD', 'YEARLY', 200)
     RETURNING plan_id`,
    [product!.product_id, code],
  );
  const [licence] = licensed
    ? await db.query<{ licence_id: number }>(
        `INSERT INTO licences (client_id, product_id, plan_id, valid_till) VALUES ($1, $2, $3, current_date + 30) RETURNING licence_id`,
        [Number(other.id), product!.product_id, plans[0]!.plan_id],
      )
    : [];
  return {
    productId: String(product!.product_id),
    planIds: plans.map((plan) => String(plan.plan_id)),
    licenceId: licence ? String(licence.licence_id) : null,
  };
}
