import type { Queryable } from '#db/database';
import { HttpError } from '#http/errors';
import { emit, idOf } from '#webhooks/events';

/** Seats of one organisation on one product: what its licences give and who takes them. */
export type Seats = { companyName: string; productName: string; capacity: number; used: number };

/**
 * Seats on a product: each active, unexpired licence of the organisation for it gives its plan's
 * capacity; every active user of the organisation with a role for the product takes one, invited
 * users who have not chosen a password yet included. With `lock`, the licences stay locked until
 * the transaction ends, so two calls racing for the last seat cannot both take it.
 */
export async function seatsOf(tx: Queryable, clientId: number, productId: number, { lock = false } = {}): Promise<Seats> {
  const licences = await tx.query<{ capacity: number }>(
    `SELECT p.capacity
       FROM licences l JOIN plans p ON p.plan_id = l.plan_id
      WHERE l.client_id = $1 AND l.product_id = $2 AND l.is_active AND l.valid_till >= current_date
      ORDER BY l.licence_id
      ${lock ? 'FOR UPDATE OF l' : ''}`,
    [clientId, productId],
  );
  const [row] = await tx.query<{ company_name: string; product_name: string; used: number }>(
    `SELECT c.company_name, pr.product_name,
            (SELECT count(DISTINCT u.user_id)::int
               FROM client_users u JOIN user_roles ur ON ur.user_id = u.user_id
              WHERE u.client_id = c.client_id AND u.is_active AND ur.product_id = pr.product_id) AS used
       FROM clients c, products pr
      WHERE c.client_id = $1 AND pr.product_id = $2`,
    [clientId, productId],
  );
  if (!row) throw new HttpError('NOT_FOUND', 'No such organization or product');
  return {
    companyName: row.company_name,
    productName: row.product_name,
    capacity: licences.reduce((sum, licence) => sum + licence.capacity, 0),
    used: row.used,
  };
}

/** "Acme Corporation has 2 of 50 seats left on Yozy Web", or that it has no licence for it. */
export function seatsLeftMessage({ companyName, productName, capacity, used }: Seats): string {
  if (capacity === 0) return `${companyName} has no active licence for ${productName}`;
  const left = Math.max(0, capacity - used);
  return `${companyName} has ${left} of ${capacity} ${capacity === 1 ? 'seat' : 'seats'} left on ${productName}`;
}

/**
 * Makes sure `count` more people fit on the product's licences, inside the caller's transaction,
 * and keeps the licences locked until it ends; otherwise refuses with SEAT_LIMIT, which says how
 * many seats are left, and the caller's transaction writes nothing.
 */
export async function reserveSeats(tx: Queryable, clientId: number, productId: number, count = 1, field?: string): Promise<Seats> {
  const seats = await seatsOf(tx, clientId, productId, { lock: true });
  if (seats.used + count > seats.capacity) throw new HttpError('SEAT_LIMIT', seatLimitMessage(seats, count), field);
  for (const { percent, type } of SEAT_THRESHOLDS) {
    // Told when the seats taken now reach the share: once on the way up, again only after they fell below it.
    const threshold = Math.ceil((seats.capacity * percent) / 100);
    if (seats.used < threshold && seats.used + count >= threshold) {
      await emit(tx, {
        clientId,
        type,
        data: { organizationId: idOf(clientId), productId: idOf(productId), used: seats.used + count, capacity: seats.capacity },
      });
    }
  }
  return seats;
}

/** The shares (in percent) of a product's seats whose reaching the organisation's systems are told of (webhooks). */
const SEAT_THRESHOLDS = [
  { percent: 80, type: 'seats.80_percent_used' },
  { percent: 100, type: 'seats.100_percent_used' },
] as const;

/** Why `count` more people do not fit: the seats left, and how many are needed when more than one. */
export function seatLimitMessage(seats: Seats, count: number): string {
  return `${seatsLeftMessage(seats)}${count === 1 ? '' : ` (${count} are needed)`}`;
}
