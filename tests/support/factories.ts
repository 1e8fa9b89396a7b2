import { issueToken, type Database, type TokenPurpose } from '@yozy/subscription-api';
import { hashPassword, hashToken, newToken } from '@yozy/subscription-api/testing';

/**
 * Test data written straight into a stack's database, with values no other test (or seeded row)
 * uses, so a test says what it needs instead of hunting the demo data for a row that fits:
 *
 *   const make = factories(stack.db);
 *   const { organisation, admin } = await make.organisationWithAdmin();
 *   const member = await make.user(organisation, { isActive: false });
 */

export const FACTORY_PASSWORD = 'Factory@123';

export type TypeOfUser = 'SuperAdmin' | 'OrgAdmin' | 'User';

export type Organisation = { clientId: number; companyName: string };
export type OrganisationFields = { companyName?: string; currencyCode?: string; city?: string; country?: string };
export type User = {
  userId: number;
  uuid: string;
  clientId: number;
  email: string;
  firstName: string;
  lastName: string;
  typeOfUser: TypeOfUser;
  /** The password to sign in with; null for an invited user who has not chosen one. */
  password: string | null;
};
export type Plan = { planId: number; productId: number; planName: string; planGroup: string; capacity: number; domain: string };
export type Licence = { licenceId: number; clientId: number; planId: number; productId: number; validTill: string };
export type Session = { sessionId: string; userId: number; token: string };

// Unique across the workers of a run and across runs against the same server.
const RUN = `${process.pid.toString(36)}${Date.now().toString(36)}`;
let sequence = 0;
export const unique = (label: string) => `${label}-${RUN}-${++sequence}`;

const hashes = new Map<string, Promise<string>>();
/** One argon2 hash per password and process: hashing is deliberately slow. */
const hashOf = (password: string) => hashes.get(password) ?? hashes.set(password, hashPassword(password)).get(password)!;

export function factories(db: Database) {
  async function one<T>(sql: string, params: unknown[]): Promise<T> {
    const [row] = await db.query<T & Record<string, unknown>>(sql, params);
    return row!;
  }

  const make = {
    async organisation(fields: OrganisationFields = {}): Promise<Organisation> {
      const companyName = fields.companyName ?? unique('Company');
      return one<Organisation>(
        `INSERT INTO clients (company_name, currency_code, city, country, contact_name)
         VALUES ($1, $2, $3, $4, 'Pat Contact')
         RETURNING client_id AS "clientId", company_name AS "companyName"`,
        [companyName, fields.currencyCode ?? 'USD', fields.city ?? null, fields.country ?? null],
      );
    },

    async user(
      organisation: Pick<Organisation, 'clientId'>,
      fields: {
        typeOfUser?: TypeOfUser;
        firstName?: string;
        lastName?: string;
        email?: string;
        isActive?: boolean;
        invited?: boolean;
      } = {},
    ): Promise<User> {
      const password = fields.invited ? null : FACTORY_PASSWORD;
      const email = fields.email ?? `${unique('user')}@factory.test`;
      const row = await one<Omit<User, 'password'>>(
        `INSERT INTO client_users (client_id, first_name, last_name, email, type_of_user, is_active, password_hash, password_changed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $7::text IS NULL THEN NULL ELSE now() END)
         RETURNING user_id AS "userId", uuid::text AS uuid, client_id AS "clientId", email, first_name AS "firstName",
                   last_name AS "lastName", type_of_user AS "typeOfUser"`,
        [
          organisation.clientId,
          fields.firstName ?? 'Test',
          fields.lastName ?? unique('User'),
          email,
          fields.typeOfUser ?? 'User',
          fields.isActive ?? true,
          password ? await hashOf(password) : null,
        ],
      );
      return { ...row, password };
    },

    /** An organisation and its first administrator (an OrgAdmin). */
    async organisationWithAdmin(fields: OrganisationFields = {}): Promise<{ organisation: Organisation; admin: User }> {
      const organisation = await make.organisation(fields);
      const admin = await make.user(organisation, { typeOfUser: 'OrgAdmin' });
      return { organisation, admin };
    },

    /**
     * A product on sale with one plan; `planGroup: 'MICROSAAS'` makes it a lite plan. Both show in
     * the public catalogue of this stack from then on.
     */
    async plan(fields: { planGroup?: string; capacity?: number; cost?: number; domain?: string } = {}): Promise<Plan> {
      const code = unique('PRODUCT');
      const domain = fields.domain ?? `https://${code.toLowerCase()}.factory.test`;
      const { productId } = await one<{ productId: number }>(
        'INSERT INTO products (product_name, product_code, domain) VALUES ($1, $1, $2) RETURNING product_id AS "productId"',
        [code, domain],
      );
      const plan = await one<Omit<Plan, 'domain'>>(
        `INSERT INTO plans (product_id, plan_name, plan_group, cost, currency, frequency, capacity)
         VALUES ($1, $2, $3, $4, 'USD', 'MONTHLY', $5)
         RETURNING plan_id AS "planId", product_id AS "productId", plan_name AS "planName", plan_group AS "planGroup", capacity`,
        [productId, unique('Plan'), fields.planGroup ?? 'STANDARD', fields.cost ?? 49, fields.capacity ?? 10],
      );
      return { ...plan, domain };
    },

    /** A licence of the organisation on `plan` (a new one by default), valid `validDays` from today. */
    async licence(
      organisation: Pick<Organisation, 'clientId'>,
      fields: { plan?: Pick<Plan, 'planId' | 'productId'>; validDays?: number; isActive?: boolean } = {},
    ): Promise<Licence> {
      const plan = fields.plan ?? (await make.plan());
      return one<Licence>(
        `INSERT INTO licences (client_id, product_id, plan_id, valid_till, is_active)
         VALUES ($1, $2, $3, current_date + $4::int, $5)
         RETURNING licence_id AS "licenceId", client_id AS "clientId", plan_id AS "planId", product_id AS "productId",
                   to_char(valid_till, 'YYYY-MM-DD') AS "validTill"`,
        [organisation.clientId, plan.productId, plan.planId, fields.validDays ?? 365, fields.isActive ?? true],
      );
    },

    /** Gives the user a role of the plan's product, which decides where their product lives. */
    async role(user: Pick<User, 'userId'>, plan: Pick<Plan, 'productId'>, roleName = unique('Role')) {
      const { roleId } = await one<{ roleId: number }>(
        'INSERT INTO roles (role_name, product_id) VALUES ($1, $2) RETURNING role_id AS "roleId"',
        [roleName, plan.productId],
      );
      await db.query('INSERT INTO user_roles (user_id, role_id, product_id) VALUES ($1, $2, $3)', [user.userId, roleId, plan.productId]);
      return { roleId, roleName };
    },

    /** A sign-in session of the user, live unless `ended`; `token` works as a REST bearer token. */
    async session(
      user: Pick<User, 'userId' | 'clientId'>,
      fields: { startedHoursAgo?: number; ended?: boolean; ip?: string; userAgent?: string } = {},
    ): Promise<Session> {
      const token = newToken();
      const startedHoursAgo = fields.startedHoursAgo ?? 0;
      const { sessionId } = await one<{ sessionId: string }>(
        `INSERT INTO sessions (token_hash, user_id, client_id, ip, user_agent, started_at, last_seen_at, expires_at, ended_at, end_reason)
         VALUES ($1, $2, $3, $4, $5, now() - $6 * interval '1 hour', now() - $6 * interval '1 hour',
                 now() - $6 * interval '1 hour' + interval '1 day',
                 CASE WHEN $7 THEN now() END, CASE WHEN $7 THEN 'signed_out' END)
         RETURNING session_id::text AS "sessionId"`,
        [
          hashToken(token),
          user.userId,
          user.clientId,
          fields.ip ?? '203.0.113.7',
          fields.userAgent ?? 'factory',
          startedHoursAgo,
          fields.ended ?? false,
        ],
      );
      return { sessionId, userId: user.userId, token };
    },

    /** A password-reset or invitation link's token for the user, live for 8 hours unless `expired`. */
    async linkToken(user: Pick<User, 'userId' | 'email'>, purpose: TokenPurpose, { expired = false } = {}) {
      const token = await issueToken(db, { userId: user.userId, email: user.email, purpose });
      if (expired) {
        await db.query("UPDATE user_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [hashToken(token)]);
      }
      return token;
    },
  };
  return make;
}
