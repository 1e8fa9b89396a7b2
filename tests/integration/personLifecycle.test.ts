import { beforeAll, describe, expect, it } from 'vitest';
import { allows, PERSON_MOVES, stateAfter, stateOf, type PersonFacts, type PersonMove, type PersonState } from '@yozy/subscription-api';
import { FACTORY_PASSWORD, unique } from '../support/factories';
import { GraphQLSession, signedIn } from '../support/graphql';
import { scimClient, type ScimRequest } from '../support/scim';
import {
  lifecycleOrganisation,
  provisioningTokenOf,
  PERSON_SETUPS,
  personIn,
  stateNow,
  stateOfSetup,
  type LifecycleOrganisation,
  type PersonSetup,
} from '../support/personStates';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';
import { OPERATIONS, type Caller, type Cell, type Operation } from './personLifecycle/operations';

/**
 * The person lifecycle's matrix: every operation that touches a person, made against a person in
 * every state, by the organisation's admin, by API keys and by the person's own links. Each cell
 * fails when the operation was let through where the lifecycle does not allow it (or refused
 * where it does), and when it left the person in any state but the one the lifecycle leads to.
 * Apart from the lifecycle's own table, one rule is checked by hand: a deactivated person leaves
 * that state only by being activated.
 */

const factsOf = (setup: PersonSetup): PersonFacts => ({
  is_active: !setup.startsWith('DISABLED') && setup !== 'DELETED',
  awaiting_approval: setup === 'AWAITING_APPROVAL',
  joined: setup === 'ACTIVE' || setup === 'DISABLED_MEMBER' || setup === 'DELETED',
  deleted: setup === 'DELETED',
});

/** What the lifecycle says of the operation's moves from this setup: allowed, and the state they lead to. */
function expected(operation: Operation, setup: PersonSetup): { allowed: boolean; after: PersonState | null } {
  let facts = factsOf(setup);
  for (const move of operation.moves) {
    if (!allows(move, stateOf(facts))) return { allowed: false, after: stateOfSetup(setup) };
    const next = stateAfter(move, facts);
    if (next === null) return { allowed: true, after: null };
    // Having joined stays true; deactivation keeps whatever else was true.
    facts = {
      is_active: next !== 'DISABLED' && next !== 'DELETED',
      awaiting_approval: next === 'AWAITING_APPROVAL' || ((next === 'DISABLED' || next === 'DELETED') && facts.awaiting_approval),
      joined: facts.joined || next === 'ACTIVE',
      deleted: next === 'DELETED',
    };
  }
  return { allowed: true, after: stateOf(facts) };
}

describe.each(DATABASES)('the person lifecycle on %s', (kind) => {
  const stack = useStack(kind);
  let org: LifecycleOrganisation;
  const sessions = {} as Record<Caller, GraphQLSession>;
  let scim: ScimRequest;

  beforeAll(async () => {
    org = await lifecycleOrganisation(stack.db);
    sessions.admin = await signedIn(stack.gatewayUrl, org.admin.email, FACTORY_PASSWORD);
    scim = scimClient(stack.gatewayUrl, await provisioningTokenOf(stack.db, org));
    const provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    for (const [caller, access] of [
      ['readWriteKey', 'READ_WRITE'],
      ['readOnlyKey', 'READ'],
    ] as const) {
      const answer = await provider.request<{ createApiKey: { secret: string } }>(
        'mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret errors { code message } } }',
        { input: { name: unique(`Lifecycle ${caller}`), access, organizationId: String(org.organisation.clientId) } },
      );
      sessions[caller] = new GraphQLSession(stack.gatewayUrl, { authorization: `Bearer ${answer.data!.createApiKey.secret}` });
    }
  });

  const cells = Object.entries(OPERATIONS).flatMap(([name, operation]) =>
    operation.callers.flatMap((caller) => PERSON_SETUPS.map((setup) => ({ name, operation, caller, setup }))),
  );

  it.each(cells)('$name by $caller on a person $setup', async ({ operation, caller, setup }) => {
    const person = await personIn(stack.db, org, setup);
    const session = caller === 'public' || caller === 'provisioning' ? new GraphQLSession(stack.gatewayUrl) : sessions[caller];
    const cell: Cell = {
      session,
      scim,
      person,
      org,
      organizationId: String(org.organisation.clientId),
      countMails: async (template) =>
        (
          await stack.db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM mail_outbox WHERE lower(to_address) = lower($1) AND template = $2',
            [person.email, template],
          )
        )[0]!.n,
    };
    const before = stateOfSetup(setup);
    const lifecycle = expected(operation, setup);
    const refusedAnyway = caller === 'readOnlyKey' || (operation.alwaysRefused ?? []).includes(caller);

    const went = await operation.call(cell);
    const after = await stateNow(stack.db, person.userId);

    expect({ went, after }).toEqual(
      refusedAnyway ? { went: false, after: before } : { went: lifecycle.allowed, after: lifecycle.allowed ? lifecycle.after : before },
    );
    // Whatever the table says: only activation (the console's, or the identity provider's active: true)
    // brings a deactivated person back, and only the identity provider creating them again a removed one.
    if (before === 'DISABLED' && after !== 'DISABLED' && after !== 'DELETED') {
      expect(operation.moves.some((move) => move === 'activate' || move === 'provisionActivate')).toBe(true);
    }
    if (before === 'DELETED' && after !== 'DELETED') expect(operation.moves).toEqual(['provisionRestore']);
  });

  it('walks every move of the lifecycle', () => {
    const walked = new Set(Object.values(OPERATIONS).flatMap((operation) => operation.moves));
    const unwalked = Object.keys(PERSON_MOVES).filter(
      // Moves made by single sign-on and the owner's own password change are walked in their own tests, and
      // provisioning a new person (no one exists to walk it from) in scim/flows.test.ts.
      (move) =>
        !walked.has(move as PersonMove) && !['signInWithSingleSignOn', 'changePassword', 'resetTwoFactor', 'provision'].includes(move),
    );
    expect(unwalked).toEqual([]);
  });
});
