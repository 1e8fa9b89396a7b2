import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#db/database';
import { migrate } from '#db/migrate';
import { HttpError } from '#http/errors';
import { reserveSeats, seatsOf } from './seats';

let db: Database;
let clientId: number;
let productId: number;
let roleId: number;

beforeAll(async () => {
  db = await openDatabase({ memory: true });
  await migrate(db);
  [{ client_id: clientId }] = (await db.query<{ client_id: number }>(
    "INSERT INTO clients (company_name) VALUES ('Acme') RETURNING client_id",
  )) as [{ client_id: number }];
  [{ product_id: productId }] = (await db.query<{ product_id: number }>(
    "INSERT INTO products (product_name, product_code, domain) VALUES ('Yozy Web', 'WEB', 'https://app') RETURNING product_id",
  )) as [{ product_id: number }];
  const [plan] = await db.query<{ plan_id: number }>(
    "INSERT INTO plans (product_id, plan_name, plan_group, cost, currency, frequency, capacity) VALUES ($1, 'Two', 'STANDARD', 1, 'USD', 'MONTHLY', 2) RETURNING plan_id",
    [productId],
  );
  await db.query('INSERT INTO licences (client_id, product_id, plan_id, valid_till) VALUES ($1, $2, $3, current_date + 30)', [
    clientId,
    productId,
    plan!.plan_id,
  ]);
  [{ role_id: roleId }] = (await db.query<{ role_id: number }>(
    "INSERT INTO roles (role_name, product_id) VALUES ('Member', $1) RETURNING role_id",
    [productId],
  )) as [{ role_id: number }];
});
afterAll(() => db.close());

async function addUser(email: string, { active = true } = {}) {
  const [user] = await db.query<{ user_id: number }>(
    "INSERT INTO client_users (client_id, first_name, email, type_of_user, is_active) VALUES ($1, 'X', $2, 'User', $3) RETURNING user_id",
    [clientId, email, active],
  );
  await db.query('INSERT INTO user_roles (user_id, role_id, product_id) VALUES ($1, $2, $3)', [user!.user_id, roleId, productId]);
}

describe('seats', () => {
  it('counts active users with a role on the product against the plan capacity', async () => {
    await addUser('one@acme.local');
    await addUser('gone@acme.local', { active: false });
    expect(await seatsOf(db, clientId, productId)).toEqual({ companyName: 'Acme', productName: 'Yozy Web', capacity: 2, used: 1 });
  });

  it('lets the last seat go and then refuses, saying how many are left', async () => {
    await db.transaction((tx) => reserveSeats(tx, clientId, productId));
    await addUser('two@acme.local');
    const refusal = await db.transaction((tx) => reserveSeats(tx, clientId, productId)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ code: 'SEAT_LIMIT', message: 'Acme has 0 of 2 seats left on Yozy Web' });
  });

  it('says when the organisation has no live licence for the product', async () => {
    await db.query('UPDATE licences SET valid_till = current_date - 1');
    try {
      await expect(db.transaction((tx) => reserveSeats(tx, clientId, productId))).rejects.toMatchObject({
        code: 'SEAT_LIMIT',
        message: 'Acme has no active licence for Yozy Web',
      });
    } finally {
      await db.query('UPDATE licences SET valid_till = current_date + 30');
    }
  });
});
