import { createHash, randomBytes } from 'node:crypto';
import { issueHandoff, stateOf, type Database, type PersonFacts, type PersonState } from '@yozy/subscription-api';
import { factories, type Organisation, type User } from './factories';

/**
 * People in every state of the person lifecycle, for tests that walk operations across states.
 * Deactivated people come in two kinds, since what may be done with them differs: those who
 * never accepted their invitation, and those who had. DELETED is a member the organisation's
 * identity provider removed (SCIM provisioning).
 */
export const PERSON_SETUPS = ['AWAITING_APPROVAL', 'INVITED', 'ACTIVE', 'DISABLED_INVITEE', 'DISABLED_MEMBER', 'DELETED'] as const;
export type PersonSetup = (typeof PERSON_SETUPS)[number];

/** A person made for one test: their links are issued while they could still be used, before any deactivation. */
export type PersonInState = User & {
  setup: PersonSetup;
  /** A live invitation link's token (people who have not accepted). */
  inviteToken: string | null;
  /** A live reset link's token (people with a password). */
  resetToken: string | null;
  /** A live sign-in hand-off token. */
  handoffToken: string;
};

/** The organisation the people belong to: its admin, a licence with seats to spare and two roles of its product. */
export type LifecycleOrganisation = {
  organisation: Organisation;
  admin: User;
  productId: number;
  roleIds: [number, number];
};

export async function lifecycleOrganisation(db: Database): Promise<LifecycleOrganisation> {
  const make = factories(db);
  const { organisation, admin } = await make.organisationWithAdmin();
  const plan = await make.plan({ capacity: 10_000 });
  await make.licence(organisation, { plan });
  const first = await make.role(admin, plan);
  const [second] = await db.query<{ role_id: number }>('INSERT INTO roles (role_name, product_id) VALUES ($1, $2) RETURNING role_id', [
    `Second role ${organisation.clientId}`,
    plan.productId,
  ]);
  return { organisation, admin, productId: plan.productId, roleIds: [first.roleId, second!.role_id] };
}

/** A new person of the organisation in the given state, holding the product's first role. */
export async function personIn(db: Database, org: LifecycleOrganisation, setup: PersonSetup): Promise<PersonInState> {
  const make = factories(db);
  const joined = setup === 'ACTIVE' || setup === 'DISABLED_MEMBER' || setup === 'DELETED';
  const person = await make.user(org.organisation, { invited: !joined });
  await db.query('INSERT INTO user_roles (user_id, role_id, product_id) VALUES ($1, $2, $3)', [
    person.userId,
    org.roleIds[0],
    org.productId,
  ]);
  const inviteToken = joined ? null : await make.linkToken(person, 'invite');
  const resetToken = joined ? await make.linkToken(person, 'reset') : null;
  const { token: handoffToken } = await issueHandoff(db, { userId: person.userId, issuedBy: org.admin.userId, apiKeyId: null });
  if (setup === 'AWAITING_APPROVAL') await db.query('UPDATE client_users SET awaiting_approval = true WHERE user_id = $1', [person.userId]);
  if (setup.startsWith('DISABLED')) await db.query('UPDATE client_users SET is_active = false WHERE user_id = $1', [person.userId]);
  if (setup === 'DELETED')
    await db.query('UPDATE client_users SET is_active = false, deleted_at = now() WHERE user_id = $1', [person.userId]);
  return { ...person, setup, inviteToken, resetToken, handoffToken };
}

/** The person's lifecycle state as the database has it now; null once the account is gone. */
export async function stateNow(db: Database, userId: number): Promise<PersonState | null> {
  const [row] = await db.query<PersonFacts>(
    `SELECT is_active, awaiting_approval, (password_hash IS NOT NULL OR joined_at IS NOT NULL) AS joined, deleted_at IS NOT NULL AS deleted
       FROM client_users WHERE user_id = $1`,
    [userId],
  );
  return row ? stateOf(row) : null;
}

/** The lifecycle state a setup starts in. */
export const stateOfSetup = (setup: PersonSetup): PersonState => (setup.startsWith('DISABLED') ? 'DISABLED' : (setup as PersonState));

/**
 * Turns SCIM provisioning on for the organisation (its first role for new people, the factories'
 * domain verified for it) and answers a provisioning token of it.
 */
export async function provisioningTokenOf(db: Database, org: LifecycleOrganisation): Promise<string> {
  const token = `yozy_scim_${randomBytes(24).toString('base64url')}`;
  await db.query(
    `INSERT INTO organization_domains (domain, client_id, verification_token, verified_at, verified_by) VALUES ('factory.test', $1, 'lifecycle', now(), 'provider')`,
    [org.organisation.clientId],
  );
  await db.query('INSERT INTO provisioning_settings (client_id, enabled, role_id, product_id) VALUES ($1, true, $2, $3)', [
    org.organisation.clientId,
    org.roleIds[0],
    org.productId,
  ]);
  await db.query(`INSERT INTO provisioning_tokens (client_id, name, token_hash) VALUES ($1, 'Lifecycle', $2)`, [
    org.organisation.clientId,
    createHash('sha256').update(token).digest('hex'),
  ]);
  return token;
}
