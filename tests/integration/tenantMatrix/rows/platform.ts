import { ONLY_SUPER_ADMIN_MAY, type CellContext, type Operation } from '../../../support/tenantMatrix';

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

/** The provider's own: the outbox of every mail, its administrators and API keys. */
export const PLATFORM: Record<string, Operation> = {
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
};
