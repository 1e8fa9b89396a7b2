import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphQLSession, signedIn } from '../support/graphql';
import { DATABASES } from '../support/stack';
import {
  CALLER_NAMES,
  CALLERS,
  calledField,
  EVERYONE_GETS,
  EVERYONE_MAY,
  loadOrganisations,
  loadSchema,
  ONLY_SUPER_ADMIN_MAY,
  OTHER_ORGANISATION,
  outcomeOf,
  OWN_ORGANISATION,
  rootFields,
  SEES_EVERY_ORGANISATION,
  type CallerName,
  type CellContext,
  type Operation,
  type Organisation,
} from '../support/tenantMatrix';
import { useStack } from '../support/useStack';

/*
 * Every operation of the schema, called as every kind of caller with the ids of an organisation
 * that is not theirs. Adding an operation to the schema fails this test until it has a row here:
 * how to call it, what each caller may get, and which rows a refused call must leave alone.
 * Write documents that select the fields carrying an organisation's data, so a leak would show.
 */

const ORGANIZATION_FIELDS = 'id companyName contactName city addressLine1 clientType businessVertical';

let products: { productId: string; planId: string };

/** Live sessions of the other organisation's people: what a refused sign-in or sign-out must not start or end. */
const sessionsOf = ({ db, other }: CellContext) =>
  db.query('SELECT session_id, ended_at FROM sessions WHERE client_id = $1 ORDER BY session_id', [Number(other.id)]);

/** A single sign-on domain the other organisation claims, unverified, for one cell. */
async function ssoClaimOf(db: CellContext['db'], organizationId: string, unique: string): Promise<string> {
  const domain = `matrix-${unique}.example`.toLowerCase().replace(/[^a-z0-9.-]/g, '-');
  await db.query("INSERT INTO organization_domains (domain, client_id, verification_token) VALUES ($1, $2, 'matrix-token')", [
    domain,
    Number(organizationId),
  ]);
  return domain;
}

/** The sign-in hand-off tokens issued for the other organisation's people, and whether they were used. */
const handoffsOf = ({ db, other }: CellContext) =>
  db.query(
    'SELECT h.handoff_id, h.used_at FROM sign_in_handoffs h JOIN client_users u ON u.user_id = h.user_id WHERE u.client_id = $1 ORDER BY h.handoff_id',
    [Number(other.id)],
  );

/** Whether the other organisation's single sign-on domains are verified. */
const ssoDomainsOf = ({ db, other }: CellContext) =>
  db.query('SELECT domain, verified_at, verified_by FROM organization_domains WHERE client_id = $1 ORDER BY domain', [Number(other.id)]);

/** The other organisation's provisioning settings, as a refused change must leave them. */
const provisioningOf = ({ db, other }: CellContext) =>
  db.query('SELECT enabled, role_id, product_id, updated_at FROM provisioning_settings WHERE client_id = $1', [Number(other.id)]);

/** The other organisation's provisioning tokens, as a refused issue or revocation must leave them. */
const provisioningTokensOf = ({ db, other }: CellContext) =>
  db.query('SELECT token_id, name, revoked_at FROM provisioning_tokens WHERE client_id = $1 ORDER BY token_id', [Number(other.id)]);

/** A live provisioning token of the other organisation for one cell. */
async function provisioningTokenOf(db: CellContext['db'], organizationId: string, unique: string): Promise<string> {
  const [token] = await db.query<{ id: string }>(
    `INSERT INTO provisioning_tokens (client_id, name, token_hash) VALUES ($1, $2, md5(random()::text)) RETURNING token_id::text AS id`,
    [Number(organizationId), `Matrix revoke ${unique}`],
  );
  return token!.id;
}

/** The two-factor rows of the other organisation's people. */
const twoFactorOf = ({ db, other }: CellContext) =>
  db.query('SELECT tf.* FROM two_factor tf JOIN client_users u ON u.user_id = tf.user_id WHERE u.client_id = $1 ORDER BY tf.user_id', [
    Number(other.id),
  ]);

/** The clearings of sign-in holds the audit log keeps for the other organisation. */
const signInHoldClearingsOf = ({ db, other }: CellContext) =>
  db.query("SELECT audit_id FROM audit_log WHERE client_id = $1 AND action = 'user.sign_in_hold_clear' ORDER BY audit_id", [
    Number(other.id),
  ]);

/** An account of the other organisation as a password change would leave it. */
const accountOf = (email: (other: Organisation) => string) => async (cell: CellContext) => ({
  user: await cell.db.query(
    'SELECT first_name, last_name, password_hash, password_changed_at, is_active FROM client_users WHERE lower(email) = lower($1)',
    [email(cell.other)],
  ),
  sessions: await sessionsOf(cell),
});

/** A role of its own for one cell, on the first product, so a change let through touches no other row. */
async function matrixRole(db: CellContext['db'], kind: string): Promise<string> {
  const [role] = await db.query<{ id: string }>(
    `INSERT INTO roles (product_id, role_name) SELECT min(product_id), $1 FROM products RETURNING role_id::text AS id`,
    [`matrix-${kind}-${Math.random().toString(36).slice(2, 10)}`],
  );
  return role!.id;
}

/** The matrix's own roles of one kind, as a refused change must leave them. */
const matrixRoles =
  (kind: string) =>
  ({ db }: CellContext) =>
    db.query('SELECT role_id, role_name, description, is_active FROM roles WHERE role_name LIKE $1 ORDER BY role_id', [`matrix-${kind}%`]);

/** A provider administrator of its own for one cell, so a change let through touches no other account. */
async function matrixAdministrator(db: CellContext['db']): Promise<string> {
  const [admin] = await db.query<{ id: string }>(
    `INSERT INTO client_users (client_id, first_name, last_name, email, type_of_user)
     SELECT client_id, 'Matrix', 'Admin', $1, 'SuperAdmin' FROM client_users WHERE email = 'admin@yozy.local'
     RETURNING user_id::text AS id`,
    [`matrix-admin-${Math.random().toString(36).slice(2, 10)}@yozy.local`],
  );
  return admin!.id;
}

/** The matrix's own administrators, as a refused change must leave them. */
const matrixAdministrators = ({ db }: CellContext) =>
  db.query("SELECT user_id, is_active, type_of_user FROM client_users WHERE email LIKE 'matrix-admin-%' ORDER BY user_id");

/** The other organisation's email settings and wording, as a refused change must leave them. */
const emailSettingsOf = async ({ db, other }: CellContext) => ({
  settings: await db.query('SELECT * FROM email_settings WHERE client_id = $1', [Number(other.id)]),
  templates: await db.query('SELECT * FROM mail_templates WHERE client_id = $1 ORDER BY template', [Number(other.id)]),
});

/** An API key of its own for one cell, made by the provider, so a revocation let through touches no other key. */
async function matrixApiKey(db: CellContext['db']): Promise<string> {
  const [key] = await db.query<{ id: string }>(
    `INSERT INTO api_keys (name, key_prefix, key_hash, access, created_by)
     SELECT $1, 'yozy_key_matrix', md5(random()::text), 'READ', user_id FROM client_users WHERE email = 'admin@yozy.local'
     RETURNING key_id::text AS id`,
    [`matrix-key-${Math.random().toString(36).slice(2, 10)}`],
  );
  return key!.id;
}

/** The matrix's own API keys, as a refused change must leave them. */
const matrixApiKeys = ({ db }: CellContext) =>
  db.query("SELECT key_id, name, access, client_id, revoked_at FROM api_keys WHERE name LIKE 'matrix-key-%' ORDER BY key_id");

/** A person of the organisation awaiting its admins' approval, of its own for one cell. */
async function awaitingPersonOf(db: CellContext['db'], organizationId: string): Promise<string> {
  const [person] = await db.query<{ id: string }>(
    `INSERT INTO client_users (client_id, first_name, last_name, email, type_of_user, awaiting_approval)
     VALUES ($1, 'Matrix', 'Awaiting', $2, 'User', true) RETURNING user_id::text AS id`,
    [Number(organizationId), `matrix-awaiting-${Math.random().toString(36).slice(2, 10)}@matrix.test`],
  );
  return person!.id;
}

/** A mail of the organisation in the outbox, written for one cell. */
async function mailOf(db: CellContext['db'], organizationId: string): Promise<string> {
  const [mail] = await db.query<{ id: string }>(
    `INSERT INTO mail_outbox (to_address, subject, template, text_body, html_body, masked_text_body, masked_html_body, client_id)
     VALUES ('matrix@matrix.test', 'Matrix mail', 'invitation', 'A link', '<p>A link</p>', 'A link', '<p>A link</p>', $1)
     RETURNING mail_id::text AS id`,
    [Number(organizationId)],
  );
  return mail!.id;
}

/** A mail of the organisation that was given up after its day of tries, written for one cell. */
async function failedMailOf(db: CellContext['db'], organizationId: string): Promise<string> {
  const [mail] = await db.query<{ id: string }>(
    `INSERT INTO mail_outbox (to_address, subject, template, text_body, html_body, masked_text_body, masked_html_body, client_id,
                              attempts, error, failed_at)
     VALUES ('matrix@matrix.test', 'Matrix mail', 'invitation', 'A link', '<p>A link</p>', 'A link', '<p>A link</p>', $1,
             30, '550 Mailbox unavailable', now())
     RETURNING mail_id::text AS id`,
    [Number(organizationId)],
  );
  return mail!.id;
}

/** An entry of the client types of its own for one cell, so a change let through touches no other row. */
async function matrixChoice(db: CellContext['db'], kind: string): Promise<string> {
  const [choice] = await db.query<{ id: string }>(
    "INSERT INTO organization_choices (choice_list, choice_name) VALUES ('ClientType', $1) RETURNING choice_id::text AS id",
    [`matrix-${kind}-${randomUUID()}`],
  );
  return choice!.id;
}
const matrixChoices =
  (kind: string) =>
  ({ db }: CellContext) =>
    db.query('SELECT choice_id, choice_name, is_active FROM organization_choices WHERE choice_name LIKE $1 ORDER BY choice_id', [
      `matrix-${kind}-%`,
    ]);

/** A region of its own for one cell, so a change let through touches no other row. */
async function matrixRegion(db: CellContext['db'], kind: string): Promise<string> {
  const [region] = await db.query<{ id: string }>(
    'INSERT INTO regions (region_code, region_name) VALUES ($1, $1) RETURNING region_id::text AS id',
    [`matrix-${kind}-${Math.random().toString(36).slice(2, 10)}`],
  );
  return region!.id;
}

/** A group of the other organisation with one member, made for one cell, so a change let through touches nothing else. */
async function matrixGroup({ db, other, unique }: CellContext) {
  const [group] = await db.query<{ group_id: number }>(
    `INSERT INTO groups (client_id, name, description) VALUES ($1, $2, 'Matrix group') RETURNING group_id`,
    [Number(other.id), `Matrix ${unique} ${Math.random().toString(36).slice(2)}`],
  );
  const [user] = await db.query<{ user_id: number }>(
    'SELECT user_id FROM client_users WHERE client_id = $1 AND is_active ORDER BY user_id LIMIT 1',
    [Number(other.id)],
  );
  await db.query('INSERT INTO group_members (group_id, user_id) VALUES ($1, $2)', [group!.group_id, user!.user_id]);
  return { groupId: String(group!.group_id), userId: String(user!.user_id) };
}

/**
 * A webhook endpoint of the other organisation with one delivered event, made for one cell, so a
 * change let through touches nothing else. Its secret is never opened here (no delivery is made).
 */
async function matrixEndpoint({ db, other, unique }: CellContext) {
  const [endpoint] = await db.query<{ id: string }>(
    `INSERT INTO webhook_endpoints (client_id, url, description, secret_sealed)
     VALUES ($1, $2, 'Matrix endpoint', 'sealed') RETURNING endpoint_id::text AS id`,
    [Number(other.id), `https://hooks.matrix.example/${encodeURIComponent(unique)}`],
  );
  const [event] = await db.query<{ id: string }>(
    `INSERT INTO webhook_events (message_id, client_id, event_type, payload)
     VALUES ($1, $2, 'group.changed', '{"type":"group.changed"}') RETURNING event_id::text AS id`,
    [`msg_matrix${randomUUID().replace(/-/g, '')}`, Number(other.id)],
  );
  const [delivery] = await db.query<{ id: string }>(
    `INSERT INTO webhook_deliveries (endpoint_id, event_id, attempts, succeeded_at, response_status)
     VALUES ($1, $2, 1, now(), 200) RETURNING delivery_id::text AS id`,
    [Number(endpoint!.id), Number(event!.id)],
  );
  return { endpointId: endpoint!.id, deliveryId: delivery!.id };
}

/** The other organisation's webhook endpoints and their deliveries: what a refused change must leave as it was. */
const webhooksOf = async ({ db, other }: CellContext) => ({
  endpoints: await db.query(
    `SELECT endpoint_id, url, description, event_types, secret_sealed, previous_secret_sealed, paused_at, updated_at
       FROM webhook_endpoints WHERE client_id = $1 ORDER BY endpoint_id`,
    [Number(other.id)],
  ),
  deliveries: await db.query(
    `SELECT d.delivery_id, d.event_id, d.attempts, d.succeeded_at FROM webhook_deliveries d
       JOIN webhook_endpoints e ON e.endpoint_id = d.endpoint_id WHERE e.client_id = $1 ORDER BY d.delivery_id`,
    [Number(other.id)],
  ),
});

const WEBHOOK_ENDPOINT_FIELDS = 'id organizationId organizationName url description events status waitingDeliveries';

/** The other organisation's groups with their members: what a refused group change must leave as it was. */
const groupsOf = ({ db, other }: CellContext) =>
  db.query(
    `SELECT g.group_id, g.name, g.description, array(SELECT user_id FROM group_members m WHERE m.group_id = g.group_id ORDER BY user_id) AS members
       FROM groups g WHERE g.client_id = $1 ORDER BY g.group_id`,
    [Number(other.id)],
  );

const GROUP_FIELDS = 'group { id organizationId name description memberCount } errors { code field }';
/** A project of the other organisation with one current allocation, made for one cell, so a change let through touches nothing else. */
async function matrixProject({ db, other }: CellContext) {
  const [project] = await db.query<{ project_id: number }>(
    'INSERT INTO projects (client_id, short_code, name) VALUES ($1, $2, $3) RETURNING project_id',
    [Number(other.id), `MX-${Math.random().toString(36).slice(2, 10).toUpperCase()}`, 'Matrix project'],
  );
  const [user] = await db.query<{ user_id: number }>(
    'SELECT user_id FROM client_users WHERE client_id = $1 AND is_active ORDER BY user_id LIMIT 1',
    [Number(other.id)],
  );
  const [allocation] = await db.query<{ allocation_id: number }>(
    `INSERT INTO project_allocations (project_id, user_id, alloc_percentage, project_role) VALUES ($1, $2, 10, 'Matrix') RETURNING allocation_id`,
    [project!.project_id, user!.user_id],
  );
  return { projectId: String(project!.project_id), userId: String(user!.user_id), allocationId: String(allocation!.allocation_id) };
}

/** The other organisation's projects with their allocations: what a refused project change must leave as it was. */
const projectsOf = ({ db, other }: CellContext) =>
  db.query(
    `SELECT p.project_id, p.short_code, p.name, p.closed_at,
            array(SELECT row(a.user_id, a.alloc_percentage, a.project_role, a.is_current, a.end_date)::text
                    FROM project_allocations a WHERE a.project_id = p.project_id ORDER BY a.allocation_id) AS allocations
       FROM projects p WHERE p.client_id = $1 ORDER BY p.project_id`,
    [Number(other.id)],
  );

const PROJECT_FIELDS = 'project { id organizationId shortCode name isClosed currentAllocationCount } errors { code field }';
const ALLOCATION_FIELDS =
  'allocation { id projectId userId firstName percentage role isCurrent personTotalPercentage } errors { code field }';
/** The terms of a new plan of the first product, for the plan master's rows. */
async function matrixPlanTerms(db: CellContext['db']) {
  const [product] = await db.query<{ product_id: number }>('SELECT product_id FROM products ORDER BY product_id LIMIT 1');
  return { productId: String(product!.product_id), planGroup: 'STANDARD', cost: 1, currency: 'USD', frequency: 'MONTHLY', capacity: 1 };
}

/** A plan nobody uses, made for one cell: its id. */
async function freshPlan(db: CellContext['db'], name: string): Promise<string> {
  const { productId } = await matrixPlanTerms(db);
  const [plan] = await db.query<{ plan_id: number }>(
    `INSERT INTO plans (product_id, plan_name, plan_group, cost, currency, frequency, capacity)
     VALUES ($1, $2, 'STANDARD', 1, 'USD', 'MONTHLY', 1) RETURNING plan_id`,
    [Number(productId), name],
  );
  return String(plan!.plan_id);
}

/** An organisation of the cell's own, so a change let through touches no other. */
async function freshOrganization(db: CellContext['db'], name: string): Promise<string> {
  const [client] = await db.query<{ client_id: number }>('INSERT INTO clients (company_name) VALUES ($1) RETURNING client_id', [name]);
  return String(client!.client_id);
}

/** A pending enquiry of the cell's own, for the provider's decisions. */
async function matrixEnquiry({ db, unique }: CellContext): Promise<string> {
  const email = `${unique}.${Math.random().toString(36).slice(2)}@decisions.example`;
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO enquiries (company_name, admin_first_name, admin_last_name, admin_email, product_id, plan_id)
     VALUES ('Matrix decision ' || $1, 'Matrix', 'Decision', $2, $3, $4) RETURNING enquiry_id AS id`,
    [unique, email, Number(products.productId), Number(products.planId)],
  );
  return String(row!.id);
}

/** What a decision would change: the cell's enquiries and anything created from them. */
const enquiryOutcomeOf = ({ db, unique }: CellContext) =>
  db.query(
    `SELECT e.enquiry_id, e.is_approved, e.client_id, (SELECT count(*)::int FROM client_users u WHERE lower(u.email) = lower(e.admin_email)) AS users
       FROM enquiries e WHERE e.company_name = 'Matrix decision ' || $1 ORDER BY e.enquiry_id`,
    [unique],
  );

/** The id of the account with this email. */
const userIdOf = async (db: CellContext['db'], email: string) =>
  String((await db.query<{ user_id: number }>('SELECT user_id FROM client_users WHERE lower(email) = lower($1)', [email]))[0]!.user_id);

/** A role of a product the organisation holds a live licence for, so an invitation could take a seat. */
const licensedRoleOf = async (db: CellContext['db'], organizationId: string) =>
  String(
    (
      await db.query<{ role_id: number }>(
        `SELECT r.role_id FROM roles r JOIN licences l ON l.product_id = r.product_id
          WHERE l.client_id = $1 AND l.is_active AND l.valid_till >= current_date ORDER BY r.role_id LIMIT 1`,
        [Number(organizationId)],
      )
    )[0]!.role_id,
  );

/** A role the organisation's licences give, written as a file of people writes it ("Yozy Web: Admin"). */
const licensedRoleTextOf = async (db: CellContext['db'], organizationId: string) =>
  (
    await db.query<{ written: string }>(
      `SELECT p.product_name || ': ' || r.role_name AS written
         FROM roles r JOIN products p ON p.product_id = r.product_id JOIN licences l ON l.product_id = r.product_id
        WHERE l.client_id = $1 AND l.is_active AND l.valid_till >= current_date ORDER BY r.role_id LIMIT 1`,
      [Number(organizationId)],
    )
  )[0]!.written;

/** The other organisation's people, as an invitation would add to them. */
const peopleOf = ({ db, other }: CellContext) =>
  db.query('SELECT user_id, email, is_active FROM client_users WHERE client_id = $1 ORDER BY user_id', [Number(other.id)]);

/** The invitation links of the other organisation's invited person, and whether that person is active. */
const invitationsOf = ({ db, other }: CellContext) =>
  db.query(
    `SELECT t.token_id, t.used_at, t.voided_at, u.is_active FROM user_tokens t JOIN client_users u ON u.user_id = t.user_id
      WHERE lower(u.email) = lower($1) ORDER BY t.token_id`,
    [other.invitedEmail],
  );

/** An ordinary active member of the organisation, never its admin or the matrix's member caller. */
const memberIdOf = async (db: CellContext['db'], organizationId: string) =>
  String(
    (
      await db.query<{ user_id: number }>(
        `SELECT user_id FROM client_users WHERE client_id = $1 AND type_of_user = 'User' AND email <> 'member@acme.local'
          AND password_hash IS NOT NULL ORDER BY user_id DESC LIMIT 1`,
        [Number(organizationId)],
      )
    )[0]!.user_id,
  );

/** The other organisation's people and their live sessions, as a deactivation or sign-out would change them. */
const peopleAndSessionsOf = async (cell: CellContext) => ({ people: await peopleOf(cell), sessions: await sessionsOf(cell) });

/** A product of the cell's own with two plans, and a live licence of the other organisation on the first: ids as strings. */
async function matrixLicence({ db, other, unique }: CellContext, { licensed = true } = {}) {
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

/** The other organisation's licences: what a refused licence action must leave as they were. */
const licencesOf = ({ db, other }: CellContext) =>
  db.query('SELECT licence_id, plan_id, valid_till, is_active FROM licences WHERE client_id = $1 ORDER BY licence_id', [Number(other.id)]);
const LICENCE_PAYLOAD = 'licence { id organizationId planName capacity validTill isActive seatsUsed } errors { code field }';

/**
 * A person of the other organisation of the cell's own, holding one of two roles of a product of
 * the cell's own that the organisation is licensed for: ids as strings.
 */
async function matrixPerson(cell: CellContext) {
  const email = `matrix-person-${cell.unique}-${Math.random().toString(36).slice(2)}@matrix.example`.toLowerCase();
  matrixPeople.set(cell, email);
  const { productId } = await matrixLicence(cell);
  const roles = await cell.db.query<{ role_id: number }>(
    "INSERT INTO roles (product_id, role_name) VALUES ($1, 'Matrix one'), ($1, 'Matrix two') RETURNING role_id",
    [Number(productId)],
  );
  const [person] = await cell.db.query<{ user_id: number }>(
    `INSERT INTO client_users (client_id, first_name, last_name, email, type_of_user, password_hash)
     VALUES ($1, 'Matrix', 'Person', $2, 'User', 'not-a-real-hash') RETURNING user_id`,
    [Number(cell.other.id), email],
  );
  await cell.db.query('INSERT INTO user_roles (user_id, role_id, product_id) VALUES ($1, $2, $3)', [
    person!.user_id,
    roles[0]!.role_id,
    Number(productId),
  ]);
  return { userId: String(person!.user_id), productId, roleIds: roles.map((role) => String(role.role_id)) };
}

/** Each cell's person, by email. */
const matrixPeople = new WeakMap<CellContext, string>();

/** The cell's person as a change of their page would leave them: details, kind, roles, and the reset links mailed. */
const matrixPersonRows = (cell: CellContext) =>
  cell.db.query(
    `SELECT u.first_name, u.last_name, u.phone, u.department_name, u.type_of_user, u.is_active,
            (SELECT array_agg(ur.role_id ORDER BY ur.role_id) FROM user_roles ur WHERE ur.user_id = u.user_id) AS roles,
            (SELECT count(*)::int FROM user_tokens t WHERE t.user_id = u.user_id) AS tokens
       FROM client_users u WHERE u.email = $1`,
    [matrixPeople.get(cell)],
  );
const PERSON_PAYLOAD = 'user { id firstName typeOfUser roles { roleName } } errors { code field }';

const OPERATIONS: Record<string, Operation> = {
  'Mutation.addLicence': {
    call: async (cell) => {
      const { productId, planIds } = await matrixLicence(cell, { licensed: false });
      return {
        document: `mutation ($input: AddLicenceInput!) { addLicence(input: $input) { ${LICENCE_PAYLOAD} } }`,
        variables: { input: { organizationId: cell.other.id, productId, planId: planIds[0], validTill: '2099-01-31' } },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: licencesOf },
  },
  'Mutation.extendLicence': {
    call: async (cell) => ({
      document: `mutation ($input: ExtendLicenceInput!) { extendLicence(input: $input) { ${LICENCE_PAYLOAD} } }`,
      variables: { input: { id: (await matrixLicence(cell)).licenceId, validTill: '2099-01-31' } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: licencesOf },
  },
  'Mutation.changeLicencePlan': {
    call: async (cell) => {
      const { licenceId, planIds } = await matrixLicence(cell);
      return {
        document: `mutation ($input: ChangeLicencePlanInput!) { changeLicencePlan(input: $input) { ${LICENCE_PAYLOAD} } }`,
        variables: { input: { id: licenceId, planId: planIds[1] } },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: licencesOf },
  },
  'Mutation.setLicenceActive': {
    call: async (cell) => ({
      document: `mutation ($input: SetLicenceActiveInput!) { setLicenceActive(input: $input) { ${LICENCE_PAYLOAD} } }`,
      variables: { input: { id: (await matrixLicence(cell)).licenceId, isActive: false } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: licencesOf },
  },
  'Query.viewer': {
    call: () => ({ document: `{ viewer { id email firstName lastName productUrl organization { ${ORGANIZATION_FIELDS} } } }` }),
    may: EVERYONE_MAY,
  },
  'Query.captchaChallenge': {
    call: () => ({ document: '{ captchaChallenge }' }),
    may: EVERYONE_MAY,
  },
  'Query.verifyPasswordResetLink': {
    call: ({ other }) => ({
      document: 'query ($email: String!) { verifyPasswordResetLink(email: $email, token: "guessed-token") }',
      variables: { email: other.adminEmail },
    }),
    may: EVERYONE_MAY,
  },
  // A guessed token of another organisation's person says only that it does not work.
  'Query.accountLinkStatus': {
    call: ({ other }) => ({
      document: 'query ($email: String!) { accountLinkStatus(purpose: INVITE, email: $email, token: "guessed-token") }',
      variables: { email: other.invitedEmail },
    }),
    may: EVERYONE_MAY,
  },
  'Query.productRedirectUrl': {
    call: ({ other }) => ({
      document: 'query ($email: String!) { productRedirectUrl(email: $email) }',
      variables: { email: other.adminEmail },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.products': {
    call: () => ({ document: '{ products { id name domain plans { id name } } }' }),
    may: EVERYONE_MAY,
  },
  'Query.organization': {
    call: ({ other }) => ({
      document: `query ($id: ID!) { organization(id: $id) { ${ORGANIZATION_FIELDS} } }`,
      variables: { id: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.organizations': {
    call: ({ other }) => ({
      document: `query ($search: String) { organizations(search: $search, page: { limit: 100 }) { totalCount nodes { ${ORGANIZATION_FIELDS} } } }`,
      variables: { search: other.name },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.updateOrganization': {
    // Refused callers name the other organisation; the SuperAdmin, let through, edits one made for the cell.
    call: async ({ db, caller, other, unique }) => ({
      document:
        'mutation ($input: UpdateOrganizationInput!) { updateOrganization(input: $input) { organization { id companyName } errors { code field } } }',
      variables: {
        input: {
          id: caller === 'superAdmin' ? await freshOrganization(db, `Matrix Org ${unique}`) : other.id,
          companyName: `Renamed ${unique}`,
          currencyCode: 'EUR',
          defaultRegions: [],
        },
      },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: {
      rows: ({ db, other }) => db.query('SELECT company_name, currency_code FROM clients WHERE client_id = $1', [Number(other.id)]),
      unchanged: 'always',
    },
  },
  'Mutation.setOrganizationActive': {
    call: async ({ db, unique }) => ({
      document:
        'mutation ($id: ID!) { setOrganizationActive(input: { id: $id, active: false }) { organization { id isActive } errors { code field } } }',
      variables: { id: await freshOrganization(db, `Switched Org ${unique}`) },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: {
      rows: ({ db }) => db.query("SELECT client_id, is_active FROM clients WHERE company_name LIKE 'Switched Org %' ORDER BY client_id"),
    },
  },
  'Query.dashboard': {
    call: ({ other }) => ({
      document: `query ($organizationId: ID) { dashboard(organizationId: $organizationId) { organizationId activeUsers disabledUsers sessionsActiveNow licencesExpiringSoon pendingInvitations seats { productName used capacity } signInsPerDay { day count } } }`,
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.statistics': {
    call: ({ other }) => ({
      document: `query ($organizationId: ID) { statistics(organizationId: $organizationId) { organizationId signInsPerDay { day count } activeUsersPerDay { count } seats { productName used } usersPerDepartment { name count } usersPerGroup { name count } projects { shortCode name allocations issues releases } } }`,
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.signIn': {
    call: async ({ other, captcha }) => ({
      document: 'mutation ($input: SignInInput!) { signIn(input: $input) { viewer { email } errors { code } } }',
      variables: { input: { email: other.adminEmail, password: 'Guessed@1', captcha: await captcha() } },
    }),
    may: EVERYONE_GETS({ payloadError: 'INVALID_CREDENTIALS' }),
    touches: { rows: sessionsOf },
  },
  'Mutation.signOut': {
    call: () => ({ document: 'mutation { signOut { signedOut } }' }),
    may: EVERYONE_MAY,
    endsSession: true,
    touches: { rows: sessionsOf, unchanged: 'always' },
  },
  'Mutation.requestPasswordReset': {
    // Public by design: the link goes to the account's own inbox, and the answer is the same for any email.
    call: async ({ other, captcha }) => ({
      document: 'mutation ($input: RequestPasswordResetInput!) { requestPasswordReset(input: $input) { accepted errors { code } } }',
      variables: { input: { email: other.adminEmail, captcha: await captcha() } },
    }),
    may: EVERYONE_MAY,
  },
  'Mutation.resetPassword': {
    call: async ({ other, captcha }) => ({
      document: 'mutation ($input: ResetPasswordInput!) { resetPassword(input: $input) { ok redirectUrl errors { code } } }',
      variables: {
        input: {
          email: other.adminEmail,
          token: 'guessed-token',
          password: 'Taken@over1',
          confirmPassword: 'Taken@over1',
          captcha: await captcha(),
        },
      },
    }),
    may: EVERYONE_GETS({ payloadError: 'INVALID_TOKEN' }),
    touches: { rows: accountOf((other) => other.adminEmail) },
  },
  'Mutation.setPassword': {
    call: async ({ other, captcha }) => ({
      document: 'mutation ($input: SetPasswordInput!) { setPassword(input: $input) { ok redirectUrl errors { code } } }',
      variables: {
        input: {
          email: other.invitedEmail,
          token: 'guessed-token',
          firstName: 'Mallory',
          lastName: 'Intruder',
          password: 'Taken@over1',
          confirmPassword: 'Taken@over1',
          captcha: await captcha(),
        },
      },
    }),
    may: EVERYONE_GETS({ payloadError: 'INVALID_TOKEN' }),
    touches: { rows: accountOf((other) => other.invitedEmail) },
  },
  'Mutation.submitEnquiry': {
    call: async ({ unique, captcha }) => ({
      document: 'mutation ($input: SubmitEnquiryInput!) { submitEnquiry(input: $input) { enquiryId errors { code field } } }',
      variables: {
        input: {
          companyName: `Matrix ${unique}`,
          adminFirstName: 'Matrix',
          adminLastName: 'Caller',
          adminEmail: `${unique}@matrix.example`,
          contactName: 'Matrix Caller',
          contactEmail: `${unique}.contact@matrix.example`,
          ...products,
          captcha: await captcha(),
        },
      },
    }),
    may: EVERYONE_MAY,
  },
  'Query.groups': {
    call: ({ other }) => ({
      document:
        'query ($id: ID) { groups(organizationId: $id, page: { limit: 100 }) { totalCount nodes { id name description memberCount } } }',
      variables: { id: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.groupMembers': {
    call: async (cell) => ({
      document: 'query ($id: ID!) { groupMembers(groupId: $id) { totalCount nodes { id firstName lastName email } } }',
      variables: { id: (await matrixGroup(cell)).groupId },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.groupMemberCandidates': {
    call: async (cell) => ({
      document: 'query ($id: ID!) { groupMemberCandidates(groupId: $id) { totalCount nodes { id firstName lastName email isMember } } }',
      variables: { id: (await matrixGroup(cell)).groupId },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.createGroup': {
    call: ({ other, unique }) => ({
      document: `mutation ($input: CreateGroupInput!) { createGroup(input: $input) { ${GROUP_FIELDS} } }`,
      variables: { input: { organizationId: other.id, name: `Created ${unique}` } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: groupsOf },
  },
  'Mutation.updateGroup': {
    call: async (cell) => ({
      document: `mutation ($input: UpdateGroupInput!) { updateGroup(input: $input) { ${GROUP_FIELDS} } }`,
      variables: { input: { id: (await matrixGroup(cell)).groupId, name: `Renamed ${cell.unique}` } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: groupsOf },
  },
  'Mutation.deleteGroup': {
    call: async (cell) => ({
      document: 'mutation ($input: DeleteGroupInput!) { deleteGroup(input: $input) { deletedGroupId errors { code } } }',
      variables: { input: { id: (await matrixGroup(cell)).groupId } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: groupsOf },
  },
  'Mutation.addGroupMembers': {
    call: async (cell) => {
      const { groupId } = await matrixGroup(cell);
      const [user] = await cell.db.query<{ user_id: number }>(
        'SELECT user_id FROM client_users WHERE client_id = $1 AND is_active ORDER BY user_id DESC LIMIT 1',
        [Number(cell.other.id)],
      );
      return {
        document: `mutation ($input: GroupMembersInput!) { addGroupMembers(input: $input) { ${GROUP_FIELDS} } }`,
        variables: { input: { groupId, userIds: [String(user!.user_id)] } },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: groupsOf },
  },
  'Mutation.removeGroupMembers': {
    call: async (cell) => {
      const { groupId, userId } = await matrixGroup(cell);
      return {
        document: `mutation ($input: GroupMembersInput!) { removeGroupMembers(input: $input) { ${GROUP_FIELDS} } }`,
        variables: { input: { groupId, userIds: [userId] } },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: groupsOf },
  },
  'Query.projects': {
    call: ({ other }) => ({
      document:
        'query ($id: ID) { projects(organizationId: $id, page: { limit: 100 }) { totalCount nodes { id shortCode name issueCount releaseCount } } }',
      variables: { id: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.project': {
    call: async (cell) => ({
      document: 'query ($id: ID!, $organizationId: ID) { project(id: $id, organizationId: $organizationId) { id shortCode name } }',
      variables: { id: (await matrixProject(cell)).projectId, organizationId: cell.other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.allocations': {
    call: async (cell) => ({
      document:
        'query ($organizationId: ID, $filter: AllocationFilter) { allocations(organizationId: $organizationId, filter: $filter) { totalCount nodes { id firstName lastName email percentage projectName } } }',
      variables: { organizationId: cell.other.id, filter: { projectId: (await matrixProject(cell)).projectId } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.allocationCandidates': {
    call: async (cell) => ({
      document:
        'query ($id: ID!) { allocationCandidates(projectId: $id) { totalCount nodes { id firstName lastName email totalPercentage } } }',
      variables: { id: (await matrixProject(cell)).projectId },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.createProject': {
    call: ({ other, unique }) => ({
      document: `mutation ($input: CreateProjectInput!) { createProject(input: $input) { ${PROJECT_FIELDS} } }`,
      variables: {
        input: { organizationId: other.id, shortCode: `MC-${unique.replace(/[^A-Za-z0-9]/g, '').slice(0, 16)}`, name: `Created ${unique}` },
      },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: projectsOf },
  },
  'Mutation.renameProject': {
    call: async (cell) => ({
      document: `mutation ($input: RenameProjectInput!) { renameProject(input: $input) { ${PROJECT_FIELDS} } }`,
      variables: { input: { id: (await matrixProject(cell)).projectId, name: `Renamed ${cell.unique}` } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: projectsOf },
  },
  'Mutation.closeProject': {
    call: async (cell) => ({
      document: `mutation ($input: CloseProjectInput!) { closeProject(input: $input) { ${PROJECT_FIELDS} } }`,
      variables: { input: { id: (await matrixProject(cell)).projectId } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: projectsOf },
  },
  'Mutation.allocateToProject': {
    call: async (cell) => {
      const { projectId } = await matrixProject(cell);
      const [user] = await cell.db.query<{ user_id: number }>(
        'SELECT user_id FROM client_users WHERE client_id = $1 AND is_active ORDER BY user_id DESC LIMIT 1',
        [Number(cell.other.id)],
      );
      return {
        document: `mutation ($input: AllocateToProjectInput!) { allocateToProject(input: $input) { ${ALLOCATION_FIELDS} } }`,
        variables: { input: { projectId, userId: String(user!.user_id), percentage: 30, role: 'Matrix' } },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: projectsOf },
  },
  'Mutation.updateAllocation': {
    call: async (cell) => ({
      document: `mutation ($input: UpdateAllocationInput!) { updateAllocation(input: $input) { ${ALLOCATION_FIELDS} } }`,
      variables: { input: { id: (await matrixProject(cell)).allocationId, percentage: 90, role: 'Changed' } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: projectsOf },
  },
  'Mutation.endAllocation': {
    call: async (cell) => ({
      document: `mutation ($input: EndAllocationInput!) { endAllocation(input: $input) { ${ALLOCATION_FIELDS} } }`,
      variables: { input: { id: (await matrixProject(cell)).allocationId } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: projectsOf },
  },
  'Query.licences': {
    call: ({ other }) => ({
      document:
        'query ($id: ID) { licences(organizationId: $id, page: { limit: 100 }) { totalCount nodes { id productName planName validTill seatsUsed seatsCapacity } } }',
      variables: { id: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.organizationSettings': {
    call: ({ other }) => ({
      document:
        'query ($organizationId: ID) { organizationSettings(organizationId: $organizationId) { organizationId twoFactorRequired sessionIdleMinutes allowedEmailDomains } }',
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.updateOrganizationSettings': {
    call: ({ other }) => ({
      document:
        'mutation ($organizationId: ID, $input: OrganizationSettingsInput!) { updateOrganizationSettings(organizationId: $organizationId, input: $input) { settings { organizationId } errors { code } } }',
      variables: { organizationId: other.id, input: { twoFactorRequired: false, sessionIdleMinutes: null, allowedEmailDomains: [] } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: {
      rows: ({ db, other }) =>
        db.query(
          'SELECT two_factor_required, session_idle_minutes, allowed_email_domains, updated_at FROM org_settings WHERE client_id = $1',
          [Number(other.id)],
        ),
    },
  },
  'Query.emailSettings': {
    call: ({ other }) => ({
      document:
        'query ($organizationId: ID) { emailSettings(organizationId: $organizationId) { organizationId senderName smtpHost smtpPasswordSet templates { template subject } } }',
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.emailPreview': {
    call: ({ other }) => ({
      document:
        'query ($organizationId: ID, $input: EmailTemplateInput!) { emailPreview(organizationId: $organizationId, input: $input) { subject } }',
      variables: { organizationId: other.id, input: { template: 'RESET', subject: 'Reset', body: 'Hello' } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.updateEmailSettings': {
    call: ({ other }) => ({
      document:
        'mutation ($organizationId: ID, $input: EmailSettingsInput!) { updateEmailSettings(organizationId: $organizationId, input: $input) { settings { organizationId } errors { code } } }',
      variables: { organizationId: other.id, input: { senderName: 'Matrix sender', smtpSecurity: 'STARTTLS' } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: emailSettingsOf },
  },
  'Mutation.sendTestMail': {
    call: ({ other }) => ({
      document: 'mutation ($organizationId: ID) { sendTestMail(organizationId: $organizationId) { sentTo errors { code } } }',
      variables: { organizationId: other.id },
    }),
    // The SuperAdmin gets through: without a mail server of its own, the test mail is kept in the outbox.
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.updateEmailTemplate': {
    call: ({ other, unique }) => ({
      document:
        'mutation ($organizationId: ID, $input: EmailTemplateInput!) { updateEmailTemplate(organizationId: $organizationId, input: $input) { settings { organizationId } errors { code } } }',
      variables: { organizationId: other.id, input: { template: 'INVITATION', subject: `Matrix ${unique}`, body: 'Hello {{firstName}}' } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: emailSettingsOf },
  },
  'Mutation.resetEmailTemplate': {
    call: ({ other }) => ({
      document:
        'mutation ($organizationId: ID) { resetEmailTemplate(organizationId: $organizationId, template: INVITATION) { settings { organizationId } errors { code } } }',
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: emailSettingsOf },
  },
  'Query.singleSignOn': {
    call: ({ other }) => ({
      document: 'query ($email: String!) { singleSignOn(email: $email) { available required organizationName } }',
      variables: { email: other.adminEmail },
    }),
    may: EVERYONE_MAY,
  },
  'Mutation.startSingleSignOn': {
    // The other organisation has no single sign-on: whoever asks is told so, and nothing starts.
    call: ({ other }) => ({
      document: 'mutation ($email: String!) { startSingleSignOn(email: $email) { redirectUrl errors { code } } }',
      variables: { email: other.adminEmail },
    }),
    may: EVERYONE_GETS('NOT_FOUND'),
    touches: { rows: ({ db }) => db.query('SELECT state_hash FROM sso_attempts ORDER BY state_hash'), unchanged: 'always' },
  },
  'Mutation.issueSignInHandoff': {
    // For the provider's SuperAdmins (and API keys, whose organisation scope handoff.test.ts checks).
    call: ({ other }) => ({
      document: 'mutation ($email: String!) { issueSignInHandoff(input: { email: $email }) { handoff { email token } errors { code } } }',
      variables: { email: other.adminEmail },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: handoffsOf },
  },
  'Mutation.redeemSignInHandoff': {
    // A token nobody issued: whoever asks is told it is not good, and no token is used.
    call: () => ({ document: 'mutation { redeemSignInHandoff(token: "matrix-token-never-issued") { email errors { code } } }' }),
    may: EVERYONE_GETS({ payloadError: 'INVALID_TOKEN' }),
    touches: { rows: handoffsOf, unchanged: 'always' },
  },
  'Query.ssoSettings': {
    call: ({ other }) => ({
      document:
        'query ($organizationId: ID) { ssoSettings(organizationId: $organizationId) { organizationId enabled issuer clientSecretSet domains } }',
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.ssoDiscovery': {
    call: ({ other }) => ({
      document:
        'query ($organizationId: ID) { ssoDiscovery(organizationId: $organizationId, issuer: "http://127.0.0.1:9") { discovery { issuer } errors { code } } }',
      variables: { organizationId: other.id },
    }),
    // The SuperAdmin gets through, and is told nothing answers at that address.
    may: { ...ONLY_SUPER_ADMIN_MAY, superAdmin: { payloadError: 'BAD_USER_INPUT' } },
  },
  'Mutation.updateSsoSettings': {
    call: ({ other }) => ({
      document:
        'mutation ($organizationId: ID, $input: SsoSettingsInput!) { updateSsoSettings(organizationId: $organizationId, input: $input) { settings { organizationId } errors { code } } }',
      variables: { organizationId: other.id, input: { enabled: false, domains: [], requireSso: false, allowJit: false } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: {
      rows: async ({ db, other }) => ({
        settings: await db.query(
          'SELECT enabled, issuer, oidc_client_id, require_sso, allow_jit, updated_at FROM sso_settings WHERE client_id = $1',
          [Number(other.id)],
        ),
        domains: await db.query('SELECT domain FROM organization_domains WHERE client_id = $1 ORDER BY domain', [Number(other.id)]),
      }),
    },
  },
  'Mutation.verifySsoDomain': {
    call: async ({ db, other, unique }) => ({
      document:
        'mutation ($organizationId: ID, $domain: String!) { verifySsoDomain(organizationId: $organizationId, domain: $domain) { settings { organizationId } errors { code } } }',
      variables: { organizationId: other.id, domain: await ssoClaimOf(db, other.id, `verify-${unique}`) },
    }),
    // The SuperAdmin gets through, and is told the domain's record cannot be read here.
    may: { ...ONLY_SUPER_ADMIN_MAY, superAdmin: { payloadError: 'BAD_USER_INPUT' } },
    touches: { rows: ssoDomainsOf, unchanged: 'always' },
  },
  'Mutation.confirmSsoDomain': {
    call: async ({ db, other, unique }) => ({
      document:
        'mutation ($organizationId: ID!, $domain: String!) { confirmSsoDomain(organizationId: $organizationId, domain: $domain) { settings { organizationId domainVerifications { verified } } errors { code } } }',
      variables: { organizationId: other.id, domain: await ssoClaimOf(db, other.id, `confirm-${unique}`) },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: ssoDomainsOf, unchanged: 'refused' },
  },
  'Query.provisioning': {
    call: ({ other }) => ({
      document:
        'query ($organizationId: ID) { provisioning(organizationId: $organizationId) { organizationId enabled role { name productName } tokens { id name createdByName } } }',
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.organizationDomains': {
    call: ({ other }) => ({
      document: 'query ($organizationId: ID) { organizationDomains(organizationId: $organizationId) { domain verified recordValue } }',
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.updateProvisioningSettings': {
    call: ({ other }) => ({
      document:
        'mutation ($organizationId: ID, $input: ProvisioningSettingsInput!) { updateProvisioningSettings(organizationId: $organizationId, input: $input) { settings { organizationId enabled } errors { code } } }',
      variables: { organizationId: other.id, input: { enabled: false } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: provisioningOf, unchanged: 'refused' },
  },
  'Mutation.createProvisioningToken': {
    call: ({ other, unique }) => ({
      document:
        'mutation ($organizationId: ID!, $name: String) { createProvisioningToken(organizationId: $organizationId, name: $name) { token baseUrl provisioningToken { id } errors { code } } }',
      variables: { organizationId: other.id, name: `Matrix ${unique}` },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: provisioningTokensOf, unchanged: 'refused' },
  },
  'Mutation.revokeProvisioningToken': {
    call: async ({ db, other, unique }) => ({
      document:
        'mutation ($organizationId: ID!, $tokenId: ID!) { revokeProvisioningToken(organizationId: $organizationId, tokenId: $tokenId) { settings { organizationId } errors { code } } }',
      variables: { organizationId: other.id, tokenId: await provisioningTokenOf(db, other.id, unique) },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: provisioningTokensOf, unchanged: 'refused' },
  },
  'Mutation.addOrganizationDomain': {
    call: ({ other, unique }) => ({
      document:
        'mutation ($organizationId: ID, $domain: String!) { addOrganizationDomain(organizationId: $organizationId, domain: $domain) { domains { domain } errors { code } } }',
      variables: { organizationId: other.id, domain: `matrix-add-${unique}.example`.toLowerCase().replace(/[^a-z0-9.-]/g, '-') },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: ssoDomainsOf, unchanged: 'refused' },
  },
  'Mutation.removeOrganizationDomain': {
    call: async ({ db, other, unique }) => ({
      document:
        'mutation ($organizationId: ID, $domain: String!) { removeOrganizationDomain(organizationId: $organizationId, domain: $domain) { domains { domain } errors { code } } }',
      variables: { organizationId: other.id, domain: await ssoClaimOf(db, other.id, `remove-${unique}`) },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: ssoDomainsOf, unchanged: 'refused' },
  },
  'Mutation.verifyOrganizationDomain': {
    call: async ({ db, other, unique }) => ({
      document:
        'mutation ($organizationId: ID, $domain: String!) { verifyOrganizationDomain(organizationId: $organizationId, domain: $domain) { domains { domain verified } errors { code } } }',
      variables: { organizationId: other.id, domain: await ssoClaimOf(db, other.id, `domain-verify-${unique}`) },
    }),
    // The SuperAdmin gets through, and is told the domain's record cannot be read here.
    may: { ...ONLY_SUPER_ADMIN_MAY, superAdmin: { payloadError: 'BAD_USER_INPUT' } },
    touches: { rows: ssoDomainsOf, unchanged: 'always' },
  },
  'Mutation.confirmOrganizationDomain': {
    call: async ({ db, other, unique }) => ({
      document:
        'mutation ($organizationId: ID!, $domain: String!) { confirmOrganizationDomain(organizationId: $organizationId, domain: $domain) { domains { domain verified } errors { code } } }',
      variables: { organizationId: other.id, domain: await ssoClaimOf(db, other.id, `domain-confirm-${unique}`) },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: ssoDomainsOf, unchanged: 'refused' },
  },
  'Query.outbox': {
    call: () => ({ document: '{ outbox(page: { limit: 100 }) { totalCount nodes { to subject status } } }' }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.outboxMailContent': {
    call: async ({ db, other }) => ({
      document: 'query ($id: ID!) { outboxMailContent(id: $id) { id text html } }',
      variables: { id: await mailOf(db, other.id) },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.retryOutboxMail': {
    call: async ({ db, other }) => ({
      document: 'mutation ($id: ID!) { retryOutboxMail(id: $id) { mail { id status } errors { code field } } }',
      variables: { id: await failedMailOf(db, other.id) },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: {
      rows: ({ db }) =>
        db.query("SELECT mail_id, failed_at, next_attempt_at FROM mail_outbox WHERE to_address = 'matrix@matrix.test' ORDER BY mail_id"),
      unchanged: 'refused',
    },
  },
  'Query.webhookEndpoints': {
    call: async (cell) => {
      await matrixEndpoint(cell);
      return {
        document: `query ($organizationId: ID) { webhookEndpoints(organizationId: $organizationId) { ${WEBHOOK_ENDPOINT_FIELDS} } }`,
        variables: { organizationId: cell.other.id },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.webhookDeliveries': {
    call: async (cell) => ({
      document:
        'query ($id: ID!) { webhookDeliveries(endpointId: $id) { totalCount nodes { id endpointId eventType messageId status responseStatus } } }',
      variables: { id: (await matrixEndpoint(cell)).endpointId },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.webhookDeliveryBody': {
    call: async (cell) => ({
      document: 'query ($id: ID!) { webhookDeliveryBody(id: $id) { id payload } }',
      variables: { id: (await matrixEndpoint(cell)).deliveryId },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.createWebhookEndpoint': {
    call: ({ other, unique }) => ({
      document: `mutation ($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { ${WEBHOOK_ENDPOINT_FIELDS} } secret errors { code field } } }`,
      variables: { input: { organizationId: other.id, url: `https://hooks.matrix.example/new/${encodeURIComponent(unique)}` } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: webhooksOf },
  },
  'Mutation.updateWebhookEndpoint': {
    call: async (cell) => ({
      document: `mutation ($input: UpdateWebhookEndpointInput!) { updateWebhookEndpoint(input: $input) { endpoint { ${WEBHOOK_ENDPOINT_FIELDS} } errors { code field } } }`,
      variables: {
        input: { id: (await matrixEndpoint(cell)).endpointId, url: 'https://hooks.matrix.example/changed', events: ['GROUP_CHANGED'] },
      },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: webhooksOf },
  },
  'Mutation.deleteWebhookEndpoint': {
    call: async (cell) => ({
      document: 'mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) { deletedId errors { code field } } }',
      variables: { id: (await matrixEndpoint(cell)).endpointId },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: webhooksOf },
  },
  'Mutation.rotateWebhookSecret': {
    call: async (cell) => ({
      document: `mutation ($id: ID!) { rotateWebhookSecret(id: $id) { endpoint { ${WEBHOOK_ENDPOINT_FIELDS} } secret errors { code field } } }`,
      variables: { id: (await matrixEndpoint(cell)).endpointId },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: webhooksOf },
  },
  'Mutation.setWebhookEndpointPaused': {
    call: async (cell) => ({
      document: `mutation ($id: ID!) { setWebhookEndpointPaused(id: $id, paused: true) { endpoint { ${WEBHOOK_ENDPOINT_FIELDS} } errors { code field } } }`,
      variables: { id: (await matrixEndpoint(cell)).endpointId },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: webhooksOf },
  },
  'Mutation.sendWebhookTestEvent': {
    call: async (cell) => ({
      document: 'mutation ($id: ID!) { sendWebhookTestEvent(id: $id) { delivery { id endpointId eventType } errors { code field } } }',
      variables: { id: (await matrixEndpoint(cell)).endpointId },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: webhooksOf },
  },
  'Mutation.redeliverWebhook': {
    call: async (cell) => ({
      document:
        'mutation ($id: ID!) { redeliverWebhook(deliveryId: $id) { delivery { id endpointId eventType messageId } errors { code field } } }',
      variables: { id: (await matrixEndpoint(cell)).deliveryId },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: webhooksOf },
  },
  'Query.regions': {
    call: () => ({ document: '{ regions(page: { limit: 100 }) { totalCount nodes { id code name active organizationCount } } }' }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.createRegion': {
    call: ({ unique }) => ({
      document: 'mutation ($input: CreateRegionInput!) { createRegion(input: $input) { region { id code } errors { code field } } }',
      variables: { input: { code: `matrix-${unique.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, name: `Matrix ${unique}` } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: ({ db }) => db.query("SELECT region_id FROM regions WHERE region_code LIKE 'matrix-%' ORDER BY region_id") },
  },
  'Mutation.renameRegion': {
    call: async ({ db, unique }) => ({
      document: 'mutation ($input: RenameRegionInput!) { renameRegion(input: $input) { region { id name } errors { code field } } }',
      variables: { input: { id: await matrixRegion(db, 'renamed'), name: `Renamed ${unique}` } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: {
      rows: ({ db }) => db.query("SELECT region_id, region_name FROM regions WHERE region_code LIKE 'matrix-renamed-%' ORDER BY region_id"),
    },
  },
  'Mutation.setRegionActive': {
    call: async ({ db }) => ({
      document:
        'mutation ($input: SetRegionActiveInput!) { setRegionActive(input: $input) { region { id active } errors { code field } } }',
      variables: { input: { id: await matrixRegion(db, 'retired'), active: false } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: {
      rows: ({ db }) => db.query("SELECT region_id, is_active FROM regions WHERE region_code LIKE 'matrix-retired-%' ORDER BY region_id"),
    },
  },
  'Mutation.deleteRegion': {
    call: async ({ db }) => ({
      document: 'mutation ($id: ID!) { deleteRegion(input: { id: $id }) { deletedId errors { code field } } }',
      variables: { id: await matrixRegion(db, 'deleted') },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: ({ db }) => db.query("SELECT region_id FROM regions WHERE region_code LIKE 'matrix-deleted-%' ORDER BY region_id") },
  },
  'Query.organizationChoices': {
    call: () => ({
      document:
        '{ organizationChoices(list: BUSINESS_VERTICAL, page: { limit: 100 }) { totalCount nodes { id list name active organizationCount } } }',
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.offeredOrganizationChoices': {
    call: () => ({ document: '{ offeredOrganizationChoices { businessVerticals clientTypes } }' }),
    may: EVERYONE_MAY,
  },
  'Query.organizationValuesInUse': {
    call: () => ({ document: '{ organizationValuesInUse { countryCodes currencyCodes businessVerticals clientTypes } }' }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.createOrganizationChoice': {
    call: ({ unique }) => ({
      document:
        'mutation ($input: CreateOrganizationChoiceInput!) { createOrganizationChoice(input: $input) { organizationChoice { id name } errors { code field } } }',
      variables: { input: { list: 'CLIENT_TYPE', name: `matrix-created-${unique}` } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixChoices('created') },
  },
  'Mutation.renameOrganizationChoice': {
    call: async ({ db, unique }) => ({
      document:
        'mutation ($input: RenameOrganizationChoiceInput!) { renameOrganizationChoice(input: $input) { organizationChoice { id name } errors { code field } } }',
      variables: { input: { id: await matrixChoice(db, 'renamed'), name: `matrix-renamed-to-${unique}` } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixChoices('renamed') },
  },
  'Mutation.setOrganizationChoiceActive': {
    call: async ({ db }) => ({
      document:
        'mutation ($input: SetOrganizationChoiceActiveInput!) { setOrganizationChoiceActive(input: $input) { organizationChoice { id active } errors { code field } } }',
      variables: { input: { id: await matrixChoice(db, 'retired'), active: false } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixChoices('retired') },
  },
  'Mutation.deleteOrganizationChoice': {
    call: async ({ db }) => ({
      document: 'mutation ($id: ID!) { deleteOrganizationChoice(input: { id: $id }) { deletedId errors { code field } } }',
      variables: { id: await matrixChoice(db, 'deleted') },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixChoices('deleted') },
  },
  'Query.roles': {
    call: () => ({ document: '{ roles(page: { limit: 100 }) { totalCount nodes { id productName name active userCount } } }' }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.createRole': {
    call: async ({ db, unique }) => {
      const [product] = await db.query<{ id: string }>('SELECT min(product_id)::text AS id FROM products');
      return {
        document: 'mutation ($input: CreateRoleInput!) { createRole(input: $input) { role { id name } errors { code field } } }',
        variables: { input: { productId: product!.id, name: `matrix-created-${unique}` } },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixRoles('created') },
  },
  'Mutation.updateRole': {
    call: async ({ db, unique }) => ({
      document: 'mutation ($input: UpdateRoleInput!) { updateRole(input: $input) { role { id name } errors { code field } } }',
      variables: { input: { id: await matrixRole(db, 'updated'), name: `matrix-updated-${unique}-renamed`, description: 'Changed' } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixRoles('updated') },
  },
  'Mutation.setRoleActive': {
    call: async ({ db }) => ({
      document: 'mutation ($input: SetRoleActiveInput!) { setRoleActive(input: $input) { role { id active } errors { code field } } }',
      variables: { input: { id: await matrixRole(db, 'retired'), active: false } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixRoles('retired') },
  },
  'Mutation.deleteRole': {
    call: async ({ db }) => ({
      document: 'mutation ($id: ID!) { deleteRole(input: { id: $id }) { deletedId errors { code field } } }',
      variables: { id: await matrixRole(db, 'deleted') },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixRoles('deleted') },
  },
  'Query.administrators': {
    call: () => ({ document: '{ administrators(page: { limit: 100 }) { totalCount nodes { id email status lastSignInAt } } }' }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.inviteAdministrator': {
    call: ({ unique }) => ({
      document:
        'mutation ($input: InviteAdministratorInput!) { inviteAdministrator(input: $input) { administrator { id } errors { code field } } }',
      variables: {
        input: {
          firstName: 'Matrix',
          lastName: 'Admin',
          email: `matrix-admin-${unique.toLowerCase().replace(/[^a-z0-9]+/g, '-')}@yozy.local`,
        },
      },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixAdministrators },
  },
  'Mutation.setAdministratorActive': {
    call: async ({ db }) => ({
      document:
        'mutation ($input: SetAdministratorActiveInput!) { setAdministratorActive(input: $input) { administrator { id status } errors { code field } } }',
      variables: { input: { id: await matrixAdministrator(db), active: false } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixAdministrators },
  },
  'Query.apiKeys': {
    call: () => ({ document: '{ apiKeys(page: { limit: 100 }) { totalCount nodes { id name prefix access organization { id } } } }' }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.createApiKey': {
    // A key reaching the other organisation: what an organisation admin would want most.
    call: ({ other, unique }) => ({
      document: 'mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { apiKey { id } secret errors { code field } } }',
      variables: { input: { name: `matrix-key-created-${unique}`, access: 'READ_WRITE', organizationId: other.id } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixApiKeys },
  },
  'Mutation.revokeApiKey': {
    call: async ({ db }) => ({
      document: 'mutation ($id: ID!) { revokeApiKey(id: $id) { apiKey { id revokedAt } errors { code field } } }',
      variables: { id: await matrixApiKey(db) },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixApiKeys },
  },
  'Query.auditLog': {
    call: ({ other }) => ({
      document: `query ($organizationId: ID) { auditLog(organizationId: $organizationId, page: { limit: 100 }) { totalCount nodes { id action entityId organizationName actor { name email } changes { field before after } } } }`,
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.auditActions': {
    call: ({ other }) => ({
      document: 'query ($organizationId: ID) { auditActions(organizationId: $organizationId) }',
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.sessions': {
    call: ({ other }) => ({
      document: `query ($organizationId: ID) { sessions(organizationId: $organizationId, page: { limit: 100 }) { totalCount nodes { id userFirstName userLastName userEmail ip } } }`,
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.endSession': {
    // A live session of the other organisation's admin, made for this cell, so ending it signs nobody of the table out.
    call: async ({ db, other }) => {
      const [session] = await db.query<{ id: string }>(
        `INSERT INTO sessions (token_hash, user_id, client_id, expires_at)
         SELECT md5(random()::text), user_id, client_id, now() + interval '1 hour' FROM client_users WHERE lower(email) = lower($1)
         RETURNING session_id::text AS id`,
        [other.adminEmail],
      );
      return {
        document: 'mutation ($input: EndSessionInput!) { endSession(input: $input) { endedCount errors { code } } }',
        variables: { input: { sessionId: session!.id, organizationId: other.id } },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: sessionsOf },
  },
  'Mutation.endUserSessions': {
    // The invited user has no session, so a SuperAdmin's call ends nothing the table still needs.
    call: async ({ db, other }) => {
      const [user] = await db.query<{ id: string }>('SELECT user_id::text AS id FROM client_users WHERE lower(email) = lower($1)', [
        other.invitedEmail,
      ]);
      return {
        document: 'mutation ($input: EndUserSessionsInput!) { endUserSessions(input: $input) { endedCount errors { code } } }',
        variables: { input: { userId: user!.id, organizationId: other.id } },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: sessionsOf },
  },
  'Mutation.endOtherSessions': {
    // A SuperAdmin acts on an organisation none of the table's callers belongs to, so their sessions survive it.
    call: async ({ db, other, caller }) => {
      const [bystander] = await db.query<{ id: string }>("SELECT client_id::text AS id FROM clients WHERE company_name = 'Initech Ltd'");
      return {
        document: 'mutation ($input: EndOtherSessionsInput) { endOtherSessions(input: $input) { endedCount errors { code } } }',
        variables: { input: { organizationId: caller === 'superAdmin' ? bystander!.id : other.id } },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: sessionsOf },
  },
  'Mutation.changePassword': {
    // Only ever the caller's own password: a wrong current one changes nothing, anyone's.
    call: () => ({
      document: 'mutation ($input: ChangePasswordInput!) { changePassword(input: $input) { ok errors { code } } }',
      variables: { input: { currentPassword: 'Guessed@1', password: 'Taken@over1', confirmPassword: 'Taken@over1' } },
    }),
    may: { ...EVERYONE_GETS({ payloadError: 'INVALID_CREDENTIALS' }), anonymous: 'UNAUTHENTICATED' },
    touches: { rows: accountOf((other) => other.adminEmail), unchanged: 'always' },
  },
  'Query.twoFactor': {
    call: () => ({ document: '{ twoFactor { enabled recoveryCodesLeft } }' }),
    may: { ...EVERYONE_MAY, anonymous: 'UNAUTHENTICATED' },
  },
  'Mutation.startTwoFactorEnrolment': {
    // Only ever the caller's own two-factor: there is nothing naming another person to pass.
    call: () => ({ document: 'mutation { startTwoFactorEnrolment { enrolment { otpauthUrl } errors { code } } }' }),
    may: { ...EVERYONE_MAY, anonymous: 'UNAUTHENTICATED' },
    touches: { rows: twoFactorOf, unchanged: 'always' },
  },
  'Mutation.confirmTwoFactor': {
    call: () => ({ document: 'mutation { confirmTwoFactor(input: { code: "abc" }) { twoFactor { enabled } errors { code } } }' }),
    may: { ...EVERYONE_GETS({ payloadError: 'BAD_USER_INPUT' }), anonymous: 'UNAUTHENTICATED' },
    touches: { rows: twoFactorOf, unchanged: 'always' },
  },
  'Mutation.disableTwoFactor': {
    call: () => ({ document: 'mutation { disableTwoFactor(input: { code: "abc" }) { twoFactor { enabled } errors { code } } }' }),
    may: { ...EVERYONE_GETS({ payloadError: 'BAD_USER_INPUT' }), anonymous: 'UNAUTHENTICATED' },
    touches: { rows: twoFactorOf, unchanged: 'always' },
  },
  'Mutation.verifySignInCode': {
    // The step of a sign-in lives in its own httpOnly cookie: without one there is nothing to complete.
    call: () => ({ document: 'mutation { verifySignInCode(input: { code: "123456" }) { viewer { email } errors { code } } }' }),
    may: EVERYONE_GETS({ payloadError: 'INVALID_TOKEN' }),
    touches: { rows: sessionsOf, unchanged: 'always' },
  },
  'Mutation.startSignInEnrolment': {
    call: () => ({ document: 'mutation { startSignInEnrolment { enrolment { otpauthUrl } errors { code } } }' }),
    may: EVERYONE_GETS({ payloadError: 'INVALID_TOKEN' }),
    touches: { rows: twoFactorOf, unchanged: 'always' },
  },
  'Mutation.confirmSignInEnrolment': {
    call: () => ({ document: 'mutation { confirmSignInEnrolment(input: { code: "123456" }) { viewer { email } errors { code } } }' }),
    may: EVERYONE_GETS({ payloadError: 'INVALID_TOKEN' }),
    touches: { rows: twoFactorOf, unchanged: 'always' },
  },
  'Query.planMaster': {
    call: () => ({ document: '{ planMaster(page: { limit: 100 }) { totalCount nodes { id name retired licenceCount } } }' }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.createPlan': {
    call: async ({ db, unique }) => ({
      document: 'mutation ($input: CreatePlanInput!) { createPlan(input: $input) { plan { id name } errors { code field } } }',
      variables: { input: { ...(await matrixPlanTerms(db)), name: `Matrix ${unique}` } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: ({ db }) => db.query("SELECT plan_id FROM plans WHERE plan_name LIKE 'Matrix %' ORDER BY plan_id") },
  },
  'Mutation.updatePlan': {
    call: async ({ db, unique }) => {
      const { productId: _product, ...terms } = await matrixPlanTerms(db);
      return {
        document: 'mutation ($input: UpdatePlanInput!) { updatePlan(input: $input) { plan { id capacity } errors { code field } } }',
        variables: { input: { id: await freshPlan(db, `Edited ${unique}`), ...terms, name: `Edited ${unique}`, capacity: 11 } },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: ({ db }) => db.query("SELECT plan_id, capacity FROM plans WHERE plan_name LIKE 'Edited %' ORDER BY plan_id") },
  },
  'Mutation.setPlanRetired': {
    call: async ({ db, unique }) => ({
      document: 'mutation ($id: ID!) { setPlanRetired(input: { id: $id, retired: true }) { plan { id retired } errors { code } } }',
      variables: { id: await freshPlan(db, `Shelved ${unique}`) },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: ({ db }) => db.query("SELECT plan_id, is_active FROM plans WHERE plan_name LIKE 'Shelved %' ORDER BY plan_id") },
  },
  'Mutation.deletePlan': {
    call: async ({ db, unique }) => ({
      document: 'mutation ($id: ID!) { deletePlan(input: { id: $id }) { deletedId errors { code } } }',
      variables: { id: await freshPlan(db, `Doomed ${unique}`) },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: ({ db }) => db.query("SELECT plan_id FROM plans WHERE plan_name LIKE 'Doomed %' ORDER BY plan_id") },
  },
  'Query.productMaster': {
    call: () => ({ document: '{ productMaster(page: { limit: 100 }) { totalCount nodes { id name code domain planCount } } }' }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.createProduct': {
    call: ({ unique }) => ({
      document: 'mutation ($input: CreateProductInput!) { createProduct(input: $input) { product { id code } errors { code field } } }',
      variables: {
        input: { name: `Matrix ${unique}`, code: `MATRIX-${unique}`, domain: 'https://matrix.example', includedProducts: [] },
      },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: ({ db }) => db.query("SELECT product_id FROM products WHERE product_code LIKE 'MATRIX-%' ORDER BY product_id") },
  },
  'Mutation.updateProduct': {
    // Yozy Lite under its own name and code, at another address: a refused call must leave its address alone.
    call: async ({ db }) => {
      const [lite] = await db.query<{ id: string }>("SELECT product_id::text AS id FROM products WHERE product_code = 'YOZY-LITE'");
      return {
        document: 'mutation ($input: UpdateProductInput!) { updateProduct(input: $input) { product { id domain } errors { code field } } }',
        variables: {
          input: {
            id: lite!.id,
            name: 'Yozy Lite',
            code: 'YOZY-LITE',
            domain: 'https://lite.yozy.local',
            includedProducts: ['Tasks', 'Chat'],
          },
        },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: {
      rows: ({ db }) => db.query("SELECT product_name, domain, included_products FROM products WHERE product_code = 'YOZY-LITE'"),
    },
  },
  'Query.enquiries': {
    call: () => ({
      document:
        '{ enquiries(filter: { status: PENDING }, page: { limit: 100 }) { totalCount nodes { id companyName adminEmail licence { planName } } } }',
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.approveEnquiry': {
    call: async (cell) => ({
      document: 'mutation ($input: ApproveEnquiryInput!) { approveEnquiry(input: $input) { enquiry { id status } errors { code } } }',
      variables: { input: { enquiryId: await matrixEnquiry(cell) } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: enquiryOutcomeOf },
  },
  'Mutation.rejectEnquiry': {
    call: async (cell) => ({
      document: 'mutation ($input: RejectEnquiryInput!) { rejectEnquiry(input: $input) { enquiry { id status } errors { code } } }',
      variables: { input: { enquiryId: await matrixEnquiry(cell), reason: 'Matrix check' } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: enquiryOutcomeOf },
  },
  'Query.users': {
    call: ({ other }) => ({
      document:
        'query ($organizationId: ID) { users(organizationId: $organizationId) { totalCount nodes { id firstName lastName email phone } } }',
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.user': {
    call: async ({ other, db }) => ({
      document:
        'query ($id: ID!, $organizationId: ID) { user(id: $id, organizationId: $organizationId) { id email roles { roleName } signInActivity { totalCount nodes { ip userAgent outcome } } signInHold { held holds { address } } } }',
      variables: { id: await userIdOf(db, other.adminEmail), organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.userSeats': {
    call: ({ other }) => ({
      document: 'query ($organizationId: ID) { userSeats(organizationId: $organizationId) { productName capacity used left } }',
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.invitations': {
    call: ({ other }) => ({
      document:
        'query ($organizationId: ID) { invitations(organizationId: $organizationId) { totalCount nodes { id email firstName status } } }',
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.inviteUser': {
    call: async ({ other, db, unique }) => ({
      document:
        'mutation ($organizationId: ID, $input: InviteUserInput!) { inviteUser(organizationId: $organizationId, input: $input) { user { id email } errors { code field } } }',
      variables: {
        organizationId: other.id,
        input: {
          firstName: 'Matrix',
          lastName: 'Invitee',
          email: `${unique}@matrix-invite.example`,
          roleId: await licensedRoleOf(db, other.id),
        },
      },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: peopleOf },
  },
  'Query.userImportPreview': {
    call: async ({ other, db, unique }) => ({
      document:
        'query ($organizationId: ID, $rows: [UserImportRowInput!]!) { userImportPreview(organizationId: $organizationId, rows: $rows) { goodRows seatProblems rows { row problems { code field message } } } }',
      variables: {
        organizationId: other.id,
        rows: [
          {
            firstName: 'Matrix',
            lastName: 'Import',
            email: `${unique}@matrix-import.example`,
            roles: await licensedRoleTextOf(db, other.id),
          },
        ],
      },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.importUsers': {
    call: async ({ other, db, unique }) => ({
      document:
        'mutation ($organizationId: ID, $rows: [UserImportRowInput!]!) { importUsers(organizationId: $organizationId, rows: $rows) { invited users { id email } errors { code field } } }',
      variables: {
        organizationId: other.id,
        rows: [
          {
            firstName: 'Matrix',
            lastName: 'Import',
            email: `${unique}@matrix-import.example`,
            roles: await licensedRoleTextOf(db, other.id),
          },
        ],
      },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: peopleOf },
  },
  'Mutation.resendInvitation': {
    call: async ({ other, db }) => ({
      document:
        'mutation ($organizationId: ID, $input: ResendInvitationInput!) { resendInvitation(organizationId: $organizationId, input: $input) { invitation { email } link errors { code } } }',
      variables: { organizationId: other.id, input: { userId: await userIdOf(db, other.invitedEmail), sendMail: false } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: invitationsOf },
  },
  'Mutation.revokeInvitation': {
    call: async ({ other, db }) => ({
      document:
        'mutation ($organizationId: ID, $input: RevokeInvitationInput!) { revokeInvitation(organizationId: $organizationId, input: $input) { invitation { email status } errors { code } } }',
      variables: { organizationId: other.id, input: { userId: await userIdOf(db, other.invitedEmail) } },
    }),
    // A SuperAdmin may revoke; the cell before it left a pending invitation to revoke.
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: invitationsOf },
  },
  'Mutation.setUsersActive': {
    call: async ({ other, db }) => ({
      document:
        'mutation ($organizationId: ID, $input: SetUsersActiveInput!) { setUsersActive(organizationId: $organizationId, input: $input) { users { id email status } errors { code } } }',
      variables: { organizationId: other.id, input: { userIds: [await memberIdOf(db, other.id)], active: false } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: peopleAndSessionsOf },
  },
  'Mutation.decideUserApproval': {
    call: async ({ other, db }) => ({
      document:
        'mutation ($input: DecideUserApprovalInput!) { decideUserApproval(input: $input) { users { id email status } errors { code } } }',
      variables: { input: { userIds: [await awaitingPersonOf(db, other.id)], approve: true } },
    }),
    // Only an organisation's own admins decide, and only on their own people: the other's are not found.
    may: {
      anonymous: 'UNAUTHENTICATED',
      memberOfA: 'FORBIDDEN',
      orgAdminOfA: 'NOT_FOUND',
      orgAdminOfB: 'NOT_FOUND',
      superAdmin: 'FORBIDDEN',
    },
    touches: {
      unchanged: 'always',
      rows: ({ db, other }) =>
        db.query(
          "SELECT user_id, awaiting_approval FROM client_users WHERE client_id = $1 AND email LIKE 'matrix-awaiting-%' ORDER BY user_id",
          [Number(other.id)],
        ),
    },
  },
  'Mutation.resetUserTwoFactor': {
    call: async ({ other, db }) => ({
      document:
        'mutation ($organizationId: ID, $input: ResetUserTwoFactorInput!) { resetUserTwoFactor(organizationId: $organizationId, input: $input) { twoFactor { enabled } errors { code } } }',
      variables: { organizationId: other.id, input: { userId: await memberIdOf(db, other.id) } },
    }),
    // A SuperAdmin reaches the person, who has no two-factor on to reset.
    may: { ...ONLY_SUPER_ADMIN_MAY, superAdmin: { payloadError: 'CONFLICT' } },
    touches: { rows: twoFactorOf },
  },
  'Mutation.clearSignInHold': {
    call: async ({ other, db }) => ({
      document:
        'mutation ($organizationId: ID, $input: ClearSignInHoldInput!) { clearSignInHold(organizationId: $organizationId, input: $input) { signInHold { held } errors { code } } }',
      variables: { organizationId: other.id, input: { userId: await memberIdOf(db, other.id) } },
    }),
    // A SuperAdmin reaches the person, whose sign-in nothing holds back.
    may: { ...ONLY_SUPER_ADMIN_MAY, superAdmin: { payloadError: 'CONFLICT' } },
    touches: { rows: signInHoldClearingsOf },
  },
  'Query.invitation': {
    call: async ({ other, db }) => ({
      document:
        'query ($id: ID!, $organizationId: ID) { invitation(id: $id, organizationId: $organizationId) { id email status roles { roleName } } }',
      variables: {
        organizationId: other.id,
        id: String(
          (
            await db.query<{ token_id: number }>(
              "SELECT max(t.token_id) AS token_id FROM user_tokens t JOIN client_users u ON u.user_id = t.user_id WHERE lower(u.email) = lower($1) AND t.purpose = 'invite'",
              [other.invitedEmail],
            )
          )[0]!.token_id ?? 1,
        ),
      },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.enquiry': {
    call: async (cell) => ({
      document: 'query ($id: ID!) { enquiry(id: $id) { id kind companyName adminEmail } }',
      variables: { id: await matrixEnquiry(cell) },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.requestLicenceRenewal': {
    call: async (cell) => ({
      document:
        'mutation ($input: RequestLicenceRenewalInput!) { requestLicenceRenewal(input: $input) { licence { id renewalRequestedAt } errors { code field } } }',
      variables: { input: { licenceId: (await matrixLicence(cell)).licenceId } },
    }),
    // Only an organisation's own admins ask, for their own licences: another's is not there.
    may: {
      anonymous: 'UNAUTHENTICATED',
      memberOfA: 'FORBIDDEN',
      orgAdminOfA: 'NOT_FOUND',
      orgAdminOfB: 'NOT_FOUND',
      superAdmin: 'FORBIDDEN',
    },
    touches: {
      rows: ({ db, other }) =>
        db.query('SELECT enquiry_id FROM enquiries WHERE client_id = $1 AND licence_id IS NOT NULL ORDER BY enquiry_id', [
          Number(other.id),
        ]),
      unchanged: 'always',
    },
  },
  'Mutation.signOutUsers': {
    call: async ({ other, db }) => ({
      document:
        'mutation ($organizationId: ID, $input: SignOutUsersInput!) { signOutUsers(organizationId: $organizationId, input: $input) { sessionsEnded errors { code } } }',
      variables: { organizationId: other.id, input: { userIds: [await memberIdOf(db, other.id)] } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: peopleAndSessionsOf },
  },
  'Mutation.editUserProfile': {
    call: async (cell) => ({
      document: `mutation ($organizationId: ID, $input: EditUserProfileInput!) { editUserProfile(organizationId: $organizationId, input: $input) { ${PERSON_PAYLOAD} } }`,
      variables: {
        organizationId: cell.other.id,
        input: { userId: (await matrixPerson(cell)).userId, firstName: 'Changed', lastName: 'Person', departmentName: 'Matrix' },
      },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixPersonRows },
  },
  'Mutation.setUserRole': {
    call: async (cell) => {
      const person = await matrixPerson(cell);
      return {
        document: `mutation ($organizationId: ID, $input: SetUserRoleInput!) { setUserRole(organizationId: $organizationId, input: $input) { ${PERSON_PAYLOAD} } }`,
        variables: { organizationId: cell.other.id, input: { userId: person.userId, roleId: person.roleIds[1] } },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixPersonRows },
  },
  'Mutation.removeUserRole': {
    call: async (cell) => {
      const person = await matrixPerson(cell);
      return {
        document: `mutation ($organizationId: ID, $input: RemoveUserRoleInput!) { removeUserRole(organizationId: $organizationId, input: $input) { ${PERSON_PAYLOAD} } }`,
        variables: { organizationId: cell.other.id, input: { userId: person.userId, productId: person.productId } },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixPersonRows },
  },
  'Mutation.setUserAdmin': {
    call: async (cell) => ({
      document: `mutation ($organizationId: ID, $input: SetUserAdminInput!) { setUserAdmin(organizationId: $organizationId, input: $input) { ${PERSON_PAYLOAD} } }`,
      variables: { organizationId: cell.other.id, input: { userId: (await matrixPerson(cell)).userId, admin: true } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixPersonRows },
  },
  'Mutation.sendUserPasswordReset': {
    call: async (cell) => ({
      document:
        'mutation ($organizationId: ID, $input: SendUserPasswordResetInput!) { sendUserPasswordReset(organizationId: $organizationId, input: $input) { sent errors { code field } } }',
      variables: { organizationId: cell.other.id, input: { userId: (await matrixPerson(cell)).userId } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixPersonRows },
  },
};

describe.each(DATABASES)('tenant isolation matrix on %s', (kind) => {
  const stack = useStack(kind);
  const schema = loadSchema();
  let organisations: Map<string, Organisation>;
  const sessions = new Map<CallerName, GraphQLSession>();
  let checked = 0;

  async function sessionOf(caller: CallerName, fresh = false): Promise<GraphQLSession> {
    const email = CALLERS[caller];
    if (!email) return new GraphQLSession(stack.gatewayUrl);
    if (fresh) return signedIn(stack.gatewayUrl, email);
    if (!sessions.has(caller)) sessions.set(caller, await signedIn(stack.gatewayUrl, email));
    return sessions.get(caller)!;
  }

  /** Values of every organisation the caller may not see; a SuperAdmin may see them all. */
  function hiddenFrom(caller: CallerName): string[] {
    if (SEES_EVERY_ORGANISATION.includes(caller)) return [];
    return [...organisations.values()].filter((o) => o.name !== OWN_ORGANISATION[caller]).flatMap((o) => o.identifying);
  }

  beforeAll(async () => {
    organisations = await loadOrganisations(stack.db);
    const answer = await new GraphQLSession(stack.gatewayUrl).request<{ products: { id: string; plans: { id: string }[] }[] }>(
      '{ products { id plans { id } } }',
    );
    const product = answer.data!.products[0]!;
    products = { productId: product.id, planId: product.plans[0]!.id };
  });

  afterAll(() => {
    console.log(
      `tenant isolation matrix on ${kind}: ${checked} cells checked (${Object.keys(OPERATIONS).length} operations × ${CALLER_NAMES.length} callers)`,
    );
  });

  it('has a row for every operation of the schema, and none for an operation it lacks', () => {
    const inSchema = rootFields(schema);
    const inTable = Object.keys(OPERATIONS);
    expect({
      missingFromTable: inSchema.filter((field) => !inTable.includes(field)),
      notInSchema: inTable.filter((field) => !inSchema.includes(field)),
    }).toEqual({ missingFromTable: [], notInSchema: [] });
  });

  const cells = Object.keys(OPERATIONS).flatMap((field) => CALLER_NAMES.map((caller) => [field, caller] as const));

  it.each(cells)('%s as %s', async (field, caller) => {
    const operation = OPERATIONS[field]!;
    const session = await sessionOf(caller, operation.endsSession);
    const cell: CellContext = {
      caller,
      other: organisations.get(OTHER_ORGANISATION[caller])!,
      db: stack.db,
      captcha: () => session.captcha(),
      unique: `${caller.toLowerCase()}-${kind}`,
    };
    const { document, variables } = await operation.call(cell);
    expect(calledField(schema, document)).toBe(field);

    const before = await operation.touches?.rows(cell);
    const answer = await session.request<Record<string, unknown>>(document, variables);
    const outcome = outcomeOf(answer, field);
    const after = await operation.touches?.rows(cell);

    expect(outcome, JSON.stringify(answer)).toEqual(operation.may[caller]);
    if (outcome === 'ok') expect(answer.errors).toBeUndefined();
    const text = JSON.stringify(answer).toLowerCase();
    for (const value of hiddenFrom(caller)) expect(text, `the answer shows "${value}"`).not.toContain(value.toLowerCase());
    if (operation.touches && (outcome !== 'ok' || operation.touches.unchanged === 'always')) expect(after).toEqual(before);
    checked++;
  });
});
