import type { Queryable } from '#db/database';
import { HttpError, type ErrorCode } from '#http/errors';
import { emit, idOf, type WebhookEvent } from '#webhooks/events';

/**
 * A person's lifecycle: the one place that says which operation may touch a person in which
 * state, and the only code that writes the columns the state is made of (`is_active`,
 * `awaiting_approval`, `joined_at`). Every operation on a person asks it first, so no side door
 * (a resent invitation, an old link, single sign-on, an import) brings a deactivated person back.
 *
 *   (new) ── invite ─────────────────────────▶ INVITED ── accept the invitation, ──▶ ACTIVE
 *   (new) ── invite, the organisation approves ▶ AWAITING_APPROVAL   sign in with single sign-on
 *   AWAITING_APPROVAL ── approve ──▶ INVITED;  ── decline ──▶ (the account is removed)
 *   INVITED, ACTIVE, AWAITING_APPROVAL ── deactivate (revoking an invitation is one) ──▶ DISABLED
 *   DISABLED ── activate ──▶ the state it left (INVITED, ACTIVE or AWAITING_APPROVAL)
 *
 * "Activate and resend" is two moves in one transaction: activate (a seat is taken), then resend.
 *
 * SCIM provisioning (the organisation's identity provider) has moves of its own:
 *
 *   (new) ── provision ──▶ ACTIVE   the identity provider vouches for the person, who signs in
 *                                    with single sign-on: no invitation, no password mail
 *   any but DELETED ── provisionUpdate (names, emails, phone, department) ──▶ the same state
 *   ACTIVE, INVITED, AWAITING_APPROVAL ── provisionDeactivate (active: false) ──▶ DISABLED
 *   DISABLED ── provisionActivate (active: true, the identity provider's admin act) ──▶ the state it left
 *   any but DELETED ── provisionDelete ──▶ DELETED: deactivated, no seat, gone from provisioning;
 *                                          the row and its audit history stay
 *   DELETED ── provisionRestore (the identity provider creates the same userName again) ──▶ ACTIVE
 *
 * Nothing but provisionRestore leads out of DELETED: the console's own moves are refused there
 * (ending sessions aside, which changes no state).
 */
export const PERSON_STATES = ['ACTIVE', 'INVITED', 'AWAITING_APPROVAL', 'DISABLED', 'DELETED'] as const;
export type PersonState = (typeof PERSON_STATES)[number];

/**
 * The state as SQL of the person row `u`. Joined: they chose a password, or got in without one
 * of ours (single sign-on). Deactivation comes first: it holds whatever else is true.
 */
export const PERSON_STATE_SQL = `CASE WHEN u.deleted_at IS NOT NULL THEN 'DELETED' WHEN NOT u.is_active THEN 'DISABLED' WHEN u.awaiting_approval THEN 'AWAITING_APPROVAL'
  WHEN u.password_hash IS NULL AND u.joined_at IS NULL THEN 'INVITED' ELSE 'ACTIVE' END`;

/** What a person's state is read from; `deleted` (removed by provisioning) left out means not. */
export type PersonFacts = { is_active: boolean; awaiting_approval: boolean; joined: boolean; deleted?: boolean };

/** The columns of `client_users u` that make a person's state, for a SELECT. */
export const PERSON_FACTS_SQL =
  'u.is_active, u.awaiting_approval, (u.password_hash IS NOT NULL OR u.joined_at IS NOT NULL) AS joined, u.deleted_at IS NOT NULL AS deleted';

export function stateOf(person: PersonFacts): PersonState {
  if (person.deleted) return 'DELETED';
  if (!person.is_active) return 'DISABLED';
  if (person.awaiting_approval) return 'AWAITING_APPROVAL';
  return person.joined ? 'ACTIVE' : 'INVITED';
}

/** Where a move takes a person: a state, back to where they were before deactivation, or out (removed). */
type Target = PersonState | 'RESTORED' | 'REMOVED';

type Move = {
  /** The states the move may start from. */
  from: readonly PersonState[];
  /** Where it leads; left out, the person stays in their state. */
  to?: Target;
  /** States where the move is asked for but nothing needs doing (activating someone active). */
  alreadyThere?: readonly PersonState[];
  /** How it is refused in a state it may not start from, where the general words do not fit. */
  refusals?: Partial<Record<PersonState, Refusal>>;
};

type Refusal = { code: ErrorCode; message: string };

/** Every state a person of the console is in: a person removed by provisioning is none of the console's business. */
const EVERY_STATE = ['ACTIVE', 'INVITED', 'AWAITING_APPROVAL', 'DISABLED'] as const satisfies readonly PersonState[];
const CAN_BE_SIGNED_IN = ['ACTIVE', 'INVITED'] as const;

export const DEACTIVATED_MESSAGE = 'This person is deactivated: activate them first';
export const ALREADY_ACCEPTED_MESSAGE = 'This person has accepted their invitation already';
export const AWAITING_APPROVAL_MESSAGE = 'This person awaits the approval of the organization’s admins: approve them first';
export const NO_PASSWORD_YET_MESSAGE = 'This person has not chosen a password yet: resend their invitation instead';
export const DEACTIVATED_INVITATION_MESSAGE = 'This person is deactivated: activate them and send the invitation again (this takes a seat)';
export const NOT_AWAITING_MESSAGE = 'This person is not awaiting approval';
export const DELETED_MESSAGE = 'This person was removed by the organization’s identity provider';
export const ACCOUNT_DEACTIVATED_MESSAGE =
  'This account is deactivated, so this link no longer works. Ask an admin of your organization to activate it.';

const INVITATION_REFUSALS = {
  ACTIVE: { code: 'CONFLICT', message: ALREADY_ACCEPTED_MESSAGE },
  AWAITING_APPROVAL: { code: 'CONFLICT', message: AWAITING_APPROVAL_MESSAGE },
  DISABLED: { code: 'CONFLICT', message: DEACTIVATED_INVITATION_MESSAGE },
} as const satisfies Partial<Record<PersonState, Refusal>>;

const PASSWORD_REFUSALS = {
  INVITED: { code: 'BAD_REQUEST', message: NO_PASSWORD_YET_MESSAGE },
  AWAITING_APPROVAL: { code: 'BAD_REQUEST', message: AWAITING_APPROVAL_MESSAGE },
  DISABLED: { code: 'BAD_REQUEST', message: DEACTIVATED_MESSAGE },
} as const satisfies Partial<Record<PersonState, Refusal>>;

/** Links mailed to the person (an invitation, a reset): the holder is told plainly that the account is deactivated. */
const LINK_REFUSALS = {
  DISABLED: { code: 'FORBIDDEN', message: ACCOUNT_DEACTIVATED_MESSAGE },
  DELETED: { code: 'FORBIDDEN', message: ACCOUNT_DEACTIVATED_MESSAGE },
} as const satisfies Partial<Record<PersonState, Refusal>>;

/** Every operation that touches an existing person, and the states it may touch them in. */
export const PERSON_MOVES = {
  approve: { from: ['AWAITING_APPROVAL'], to: 'INVITED' },
  decline: { from: ['AWAITING_APPROVAL'], to: 'REMOVED' },
  resendInvitation: { from: ['INVITED'], refusals: INVITATION_REFUSALS },
  copyInvitationLink: { from: ['INVITED'], refusals: INVITATION_REFUSALS },
  revokeInvitation: { from: ['INVITED'], to: 'DISABLED', refusals: INVITATION_REFUSALS },
  acceptInvitation: { from: ['INVITED'], to: 'ACTIVE', refusals: LINK_REFUSALS },
  signIn: { from: ['ACTIVE'] },
  signInWithSingleSignOn: { from: CAN_BE_SIGNED_IN, to: 'ACTIVE' },
  requestPasswordReset: { from: ['ACTIVE'] },
  mailPasswordReset: { from: ['ACTIVE'], refusals: PASSWORD_REFUSALS },
  resetPassword: { from: ['ACTIVE'], refusals: LINK_REFUSALS },
  changePassword: { from: ['ACTIVE'] },
  issueSignInHandoff: {
    from: CAN_BE_SIGNED_IN,
    refusals: { DISABLED: { code: 'BAD_REQUEST', message: 'This person is deactivated and cannot sign in' } },
  },
  redeemSignInHandoff: { from: CAN_BE_SIGNED_IN },
  editProfile: { from: EVERY_STATE },
  setRole: { from: EVERY_STATE },
  removeRole: { from: EVERY_STATE },
  grantAdmin: { from: ['ACTIVE', 'INVITED', 'AWAITING_APPROVAL'] },
  revokeAdmin: { from: EVERY_STATE },
  resetTwoFactor: { from: EVERY_STATE },
  // Signing someone out changes nothing of their state: it is never refused (a removed person has no session left anyway).
  endSessions: { from: PERSON_STATES },
  activate: { from: ['DISABLED'], to: 'RESTORED', alreadyThere: ['ACTIVE', 'INVITED', 'AWAITING_APPROVAL'] },
  deactivate: { from: ['ACTIVE', 'INVITED', 'AWAITING_APPROVAL'], to: 'DISABLED', alreadyThere: ['DISABLED'] },
  // Inviting or importing an email that has an account never touches that account, whatever its state.
  inviteAgain: {
    from: [],
    refusals: {
      DISABLED: { code: 'CONFLICT', message: 'This person is deactivated in this organization: activate them instead' },
    },
  },
  // SCIM provisioning. A new person is ACTIVE at once: the identity provider vouches for them and
  // they sign in with single sign-on, so there is no invitation to accept and no password to choose.
  provision: { from: [], to: 'ACTIVE' },
  provisionUpdate: { from: EVERY_STATE },
  provisionDeactivate: { from: ['ACTIVE', 'INVITED', 'AWAITING_APPROVAL'], to: 'DISABLED', alreadyThere: ['DISABLED'] },
  // Only the identity provider's explicit active: true brings a deactivated person back.
  provisionActivate: { from: ['DISABLED'], to: 'RESTORED', alreadyThere: ['ACTIVE', 'INVITED', 'AWAITING_APPROVAL'] },
  provisionDelete: { from: EVERY_STATE, to: 'DELETED' },
  provisionRestore: { from: ['DELETED'], to: 'ACTIVE' },
} as const satisfies Record<string, Move>;

export type PersonMove = keyof typeof PERSON_MOVES;

const DEFAULT_REFUSALS: Record<PersonState, Refusal> = {
  ACTIVE: { code: 'CONFLICT', message: 'This person is active: there is nothing to do' },
  INVITED: { code: 'CONFLICT', message: 'This person has not accepted their invitation yet' },
  AWAITING_APPROVAL: { code: 'CONFLICT', message: AWAITING_APPROVAL_MESSAGE },
  DISABLED: { code: 'CONFLICT', message: DEACTIVATED_MESSAGE },
  DELETED: { code: 'CONFLICT', message: DELETED_MESSAGE },
};

const moveOf = (move: PersonMove): Move => PERSON_MOVES[move];

/** Whether the move may start from the state (or asks for the state the person is in already). */
export function allows(move: PersonMove, state: PersonState): boolean {
  const { from, alreadyThere = [] } = moveOf(move);
  return from.includes(state) || alreadyThere.includes(state);
}

/** The condition, as SQL of the person row `u`, that the move may be made in their state: for moves made in one statement. */
export function statesAllowing(move: PersonMove): string {
  const states = PERSON_STATES.filter((state) => allows(move, state));
  if (states.length === 0) return 'false';
  return `(${PERSON_STATE_SQL}) IN (${states.map((state) => `'${state}'`).join(', ')})`;
}

/** Whether the move changes anything for a person in this state (it is allowed and they are not there yet). */
export function changes(move: PersonMove, state: PersonState): boolean {
  return moveOf(move).from.includes(state);
}

/** Why the move is refused in this state. */
export function refusalOf(move: PersonMove, state: PersonState): Refusal {
  const refusals: Partial<Record<PersonState, Refusal>> = moveOf(move).refusals ?? {};
  return refusals[state] ?? DEFAULT_REFUSALS[state];
}

/** The state a person would be in after the move, from where they are; null when they are removed. */
export function stateAfter(move: PersonMove, person: PersonFacts): PersonState | null {
  const state = stateOf(person);
  if (!changes(move, state)) return state;
  const to = moveOf(move).to;
  if (to === undefined) return state;
  if (to === 'REMOVED') return null;
  if (to === 'RESTORED') return stateOf({ ...person, is_active: true });
  return to;
}

/** The columns a move writes, as SQL of an UPDATE of `client_users` (null: it writes none). */
function writesOf(move: PersonMove, from: PersonState): string | null {
  const to = moveOf(move).to;
  if (to === 'DISABLED') return 'is_active = false';
  if (to === 'RESTORED') return 'is_active = true';
  if (to === 'INVITED') return 'awaiting_approval = false';
  if (to === 'DELETED') return 'is_active = false, deleted_at = now()';
  // Back from DELETED: the identity provider created them again.
  if (to === 'ACTIVE' && from === 'DELETED') return 'deleted_at = NULL, is_active = true, joined_at = coalesce(joined_at, now())';
  if (to === 'ACTIVE') return 'joined_at = coalesce(joined_at, now())';
  return null;
}

/** Refuses, as the move says, unless it may be made in the person's state; the state otherwise. */
export function requireMove(move: PersonMove, person: PersonFacts, field = 'UserId'): PersonState {
  const state = stateOf(person);
  if (!allows(move, state)) {
    const { code, message } = refusalOf(move, state);
    throw new HttpError(code, message, field);
  }
  return state;
}

/**
 * Makes the move for people already locked by the caller's transaction (FOR UPDATE), each of
 * whom must be allowed it: writes the state it leads to, and answers who changed. Seats, sessions,
 * links and the audit entry are the caller's: this writes the state and nothing else.
 */
export async function enter(
  tx: Queryable,
  move: PersonMove,
  people: readonly (PersonFacts & { user_id: number })[],
  field = 'UserId',
): Promise<number[]> {
  for (const person of people) requireMove(move, person, field);
  const changing = people.filter((person) => changes(move, stateOf(person)));
  if (changing.length === 0) return [];
  const written: Written[] = [];
  if (moveOf(move).to === 'REMOVED') {
    written.push(
      ...(await tx.query<Written>('DELETE FROM client_users WHERE user_id = ANY($1::int[]) RETURNING user_id, client_id, type_of_user', [
        changing.map((person) => person.user_id),
      ])),
    );
  }
  // One UPDATE per state moved from: what a move writes may depend on it.
  for (const from of new Set(changing.map(stateOf))) {
    const set = writesOf(move, from);
    const moving = changing.filter((person) => stateOf(person) === from).map((person) => person.user_id);
    if (set) {
      written.push(
        ...(await tx.query<Written>(
          `UPDATE client_users SET ${set}, updated_at = now() WHERE user_id = ANY($1::int[]) RETURNING user_id, client_id, type_of_user`,
          [moving],
        )),
      );
    }
  }
  // The organisation's systems hear of each change of state, in the same transaction (webhooks).
  const writtenOf = new Map(written.map((row) => [row.user_id, row]));
  for (const person of changing) {
    const row = writtenOf.get(person.user_id);
    const event = row ? stateChangeEvent(row, stateOf(person), stateAfter(move, person)) : null;
    if (event) await emit(tx, event);
  }
  return changing.map((person) => person.user_id);
}

/**
 * Makes a move that creates a person (`provision`) for the row the caller has just inserted in
 * its transaction, in the state the row was inserted in (invited, the columns' defaults): writes
 * the state the move leads to.
 */
export async function enterNew(tx: Queryable, move: 'provision', userId: number): Promise<void> {
  const [person] = await tx.query<PersonFacts>(`SELECT ${PERSON_FACTS_SQL} FROM client_users u WHERE u.user_id = $1 FOR UPDATE OF u`, [
    userId,
  ]);
  if (!person || stateOf(person) !== 'INVITED') throw new Error(`${move} makes a new person; ${userId} is not one`);
  const set = writesOf(move, 'INVITED');
  if (!set) return;
  const [row] = await tx.query<Written>(
    `UPDATE client_users SET ${set}, updated_at = now() WHERE user_id = $1 RETURNING user_id, client_id, type_of_user`,
    [userId],
  );
  // Made active at once by the identity provider: told as single sign-on's new people are.
  if (row && moveOf(move).to === 'ACTIVE') {
    await emit(tx, {
      clientId: row.client_id,
      type: 'person.activated',
      data: { organizationId: idOf(row.client_id), personId: idOf(row.user_id), state: 'ACTIVE', previousState: null },
    });
  }
}

type Written = { user_id: number; client_id: number; type_of_user: 'User' | 'OrgAdmin' | 'SuperAdmin' };

/**
 * What a change of state tells the organisation's systems: deactivated; activated (out of
 * deactivation, or into ACTIVE when an invitation is accepted); deleted (declined); invited (an
 * awaiting person approved, so the invitation went out). Null for a move that tells nothing.
 */
function stateChangeEvent(person: Written, from: PersonState, to: PersonState | null): WebhookEvent | null {
  const clientId = person.client_id;
  const ids = { organizationId: idOf(clientId), personId: idOf(person.user_id) };
  if (to === null || to === 'DELETED') return { clientId, type: 'person.deleted', data: { ...ids, previousState: from } };
  if (to === from) return null;
  if (to === 'DISABLED') return { clientId, type: 'person.deactivated', data: { ...ids, state: 'DISABLED', previousState: from } };
  if (from === 'DISABLED' || to === 'ACTIVE')
    return { clientId, type: 'person.activated', data: { ...ids, state: to, previousState: from } };
  if (from === 'AWAITING_APPROVAL' && to === 'INVITED') {
    return {
      clientId,
      type: 'person.invited',
      data: { ...ids, state: 'INVITED', previousState: 'AWAITING_APPROVAL', typeOfUser: person.type_of_user },
    };
  }
  return null;
}

/**
 * The person with this user id in the organisation (any organisation when `clientId` is null),
 * locked for the move, with the facts of their state; null when there is none.
 */
export async function lockPersonFacts(
  tx: Queryable,
  userId: number,
  clientId: number | null,
): Promise<(PersonFacts & { user_id: number; client_id: number; email: string }) | null> {
  const [person] = await tx.query<PersonFacts & { user_id: number; client_id: number; email: string }>(
    `SELECT u.user_id, u.client_id, u.email, ${PERSON_FACTS_SQL}
       FROM client_users u WHERE u.user_id = $1 AND ($2::int IS NULL OR u.client_id = $2) FOR UPDATE OF u`,
    [userId, clientId],
  );
  return person ?? null;
}
