import { SERVICE_TOKEN_HEADER } from '@yozy/shared';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#app';
import type { Database } from '#db/database';
import { createMailer, DEFAULT_MAIL_CONFIG } from '#mail/mailer';
import { DEMO_PASSWORD } from '#seed/demo';
import { TEST_SECRET_KEY, TEST_SERVICE_TOKEN } from '#testing/restApi';
import { openSeededDatabase } from '#testing/testDatabase';
import { TEST_DATABASE_KINDS } from '#testing/testDatabases';

const GRANTS = 20;
const FREE_SEATS = 7;

describe.each(TEST_DATABASE_KINDS)(`${GRANTS} role grants at once on a product with ${FREE_SEATS} free seats on %s`, (kind) => {
  let db: Database;
  let drop: () => Promise<void> = async () => undefined;
  let agent: ReturnType<typeof request.agent>;
  let token: string;

  beforeAll(async () => {
    ({ db, drop } = await openSeededDatabase(kind));
    const mailer = createMailer(db, { ...DEFAULT_MAIL_CONFIG, secretKey: TEST_SECRET_KEY }, () => undefined);
    agent = request
      .agent(createApp({ db, mailer, serviceToken: TEST_SERVICE_TOKEN, secretKey: TEST_SECRET_KEY }))
      .set(SERVICE_TOKEN_HEADER, TEST_SERVICE_TOKEN);
    const signedIn = await agent.post('/users/signIn').send({ email: 'admin@yozy.local', password: DEMO_PASSWORD });
    token = signedIn.body.token;
  }, 120_000);
  afterAll(async () => {
    await db.close();
    await drop();
  });

  it('grants exactly the free seats and refuses the rest with SEAT_LIMIT', async () => {
    const [client] = await db.query<{ client_id: number }>(
      "INSERT INTO clients (company_name) VALUES ('Racing Seats') RETURNING client_id",
    );
    const clientId = client!.client_id;
    const [plan] = await db.query<{ plan_id: number; product_id: number }>(
      `INSERT INTO plans (product_id, plan_name, plan_group, cost, currency, frequency, capacity)
       SELECT product_id, 'Racing ' || gen_random_uuid(), 'STANDARD', 1, 'USD', 'MONTHLY', $1 FROM products WHERE product_code = 'YOZY-LITE'
       RETURNING plan_id, product_id`,
      [FREE_SEATS + 3],
    );
    await db.query('INSERT INTO licences (client_id, product_id, plan_id, valid_till) VALUES ($1, $2, $3, current_date + 30)', [
      clientId,
      plan!.product_id,
      plan!.plan_id,
    ]);
    const [role] = await db.query<{ role_id: number }>('SELECT role_id FROM roles WHERE product_id = $1 AND is_active LIMIT 1', [
      plan!.product_id,
    ]);
    // Three seats are already taken, by people who hold the role.
    const people = await db.query<{ user_id: number }>(
      `INSERT INTO client_users (client_id, first_name, last_name, email, type_of_user)
       SELECT $1, 'Racer', n::text, 'racer' || n || '.' || gen_random_uuid() || '@race.test', 'User' FROM generate_series(1, $2) n
       RETURNING user_id`,
      [clientId, GRANTS + 3],
    );
    for (const { user_id } of people.slice(0, 3)) {
      await db.query('INSERT INTO user_roles (user_id, role_id, product_id) VALUES ($1, $2, $3)', [
        user_id,
        role!.role_id,
        plan!.product_id,
      ]);
    }

    const answers = await Promise.all(
      people
        .slice(3)
        .map(({ user_id }) =>
          agent
            .post('/subscription/users/role')
            .auth(token, { type: 'bearer' })
            .send({ ClientId: clientId, UserId: user_id, RoleId: role!.role_id }),
        ),
    );

    const granted = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(granted).toHaveLength(FREE_SEATS);
    expect(refused).toHaveLength(GRANTS - FREE_SEATS);
    for (const answer of refused) expect(answer.body.error).toMatchObject({ code: 'SEAT_LIMIT', field: 'RoleId' });
    const [used] = await db.query<{ n: number }>(
      'SELECT count(DISTINCT ur.user_id)::int AS n FROM user_roles ur JOIN client_users u USING (user_id) WHERE u.client_id = $1',
      [clientId],
    );
    expect(used!.n).toBe(FREE_SEATS + 3);
  }, 120_000);
});
