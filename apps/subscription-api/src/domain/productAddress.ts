import { LITE_PLAN_GROUP, logError } from '@yozy/shared';
import type { Queryable } from '#db/database';

/** The standard web product of the demo product master; the preferred standard product. */
export const STANDARD_PRODUCT_CODE = 'YOZY-WEB';
/** The standard web product's address when the product master cannot be read at all. */
export const DEFAULT_WEB_PRODUCT_URL = 'https://app.yozy.local';

/*
 * SPEC section 4: after setting a password a user goes to the lite product when the plan group
 * of their product is MICROSAAS, otherwise (and whenever the lookup fails) to the standard web
 * product. The rule, from the masters rather than from constants:
 *  - the user's product is the product of their first role mapping (oldest, then lowest
 *    product id), as the specification's client reads the first mapping;
 *  - a product is lite when it has an active plan in plan group MICROSAAS;
 *  - the lite address is the user's own product's domain when that product is active, otherwise
 *    the first active lite product's;
 *  - the standard address is the domain of the active product coded YOZY-WEB, otherwise of the
 *    first active product with no MICROSAAS plan, otherwise `fallbackUrl` (configuration).
 */
const ADDRESS_SQL = `
  WITH mine AS (
    SELECT ur.product_id
      FROM client_users u JOIN user_roles ur ON ur.user_id = u.user_id
     WHERE lower(u.email) = lower($1)
     ORDER BY ur.assigned_at, ur.product_id
     LIMIT 1),
  products_with_group AS (
    SELECT p.product_id, p.product_code, p.domain,
           EXISTS (SELECT 1 FROM plans pl WHERE pl.product_id = p.product_id AND pl.is_active AND pl.plan_group = $2) AS lite
      FROM products p
     WHERE p.is_active)
  SELECT
    (SELECT pg.domain FROM products_with_group pg
      WHERE pg.lite AND EXISTS (SELECT 1 FROM plans pl, mine
                                 WHERE pl.product_id = mine.product_id AND pl.is_active AND pl.plan_group = $2)
      ORDER BY pg.product_id = (SELECT product_id FROM mine) DESC, pg.product_id
      LIMIT 1) AS lite,
    (SELECT pg.domain FROM products_with_group pg
      WHERE NOT pg.lite
      ORDER BY pg.product_code = $3 DESC, pg.product_id
      LIMIT 1) AS standard`;

export async function productAddressFor(db: Queryable, email: string, fallbackUrl = DEFAULT_WEB_PRODUCT_URL): Promise<string> {
  try {
    const [row] = await db.query<{ lite: string | null; standard: string | null }>(ADDRESS_SQL, [
      email,
      LITE_PLAN_GROUP,
      STANDARD_PRODUCT_CODE,
    ]);
    return row?.lite || row?.standard || fallbackUrl;
  } catch (error) {
    // The address is a convenience after a password was set; a failed lookup must not fail that.
    logError('subscription-api: product address lookup failed, using the standard web product', error);
    return fallbackUrl;
  }
}
