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

/** An account of the other organisation as a password change would leave it. */
const accountOf = (email: (other: Organisation) => string) => async (cell: CellContext) => ({
  user: await cell.db.query(
    'SELECT first_name, last_name, password_hash, password_changed_at, is_active FROM client_users WHERE lower(email) = lower($1)',
    [email(cell.other)],
  ),
  sessions: await sessionsOf(cell),
});

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

const OPERATIONS: Record<string, Operation> = {
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
