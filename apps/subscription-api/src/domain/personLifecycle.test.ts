import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allows, PERSON_MOVES, PERSON_STATES, refusalOf, stateAfter, stateOf, type PersonFacts } from './personLifecycle';

const person = (facts: Partial<PersonFacts> = {}): PersonFacts => ({ is_active: true, awaiting_approval: false, joined: false, ...facts });

describe('the person lifecycle', () => {
  it('reads a person’s state from their facts, deactivation first', () => {
    expect(stateOf(person())).toBe('INVITED');
    expect(stateOf(person({ joined: true }))).toBe('ACTIVE');
    expect(stateOf(person({ awaiting_approval: true }))).toBe('AWAITING_APPROVAL');
    expect(stateOf(person({ is_active: false, joined: true }))).toBe('DISABLED');
    expect(stateOf(person({ is_active: false, awaiting_approval: true }))).toBe('DISABLED');
  });

  it('lets nothing but activation (the console’s, or the identity provider’s active: true) bring a deactivated person back', () => {
    for (const move of Object.keys(PERSON_MOVES) as (keyof typeof PERSON_MOVES)[]) {
      const after = [person({ is_active: false }), person({ is_active: false, joined: true })].map((p) => stateAfter(move, p));
      if (move === 'activate' || move === 'provisionActivate') expect(after, move).toEqual(['INVITED', 'ACTIVE']);
      else if (move === 'provisionDelete') expect(after, move).toEqual(['DELETED', 'DELETED']);
      else expect(after, move).toEqual(['DISABLED', 'DISABLED']);
    }
  });

  it('reads a person removed by provisioning as DELETED whatever else is true, and lets nothing but provisioning them again touch them', () => {
    const removed = person({ is_active: false, joined: true, deleted: true });
    expect(stateOf(removed)).toBe('DELETED');
    for (const move of Object.keys(PERSON_MOVES) as (keyof typeof PERSON_MOVES)[]) {
      expect(allows(move, 'DELETED'), move).toBe(move === 'provisionRestore' || move === 'endSessions');
      if (move !== 'provisionRestore') expect(stateAfter(move, removed), move).toBe('DELETED');
    }
    expect(stateAfter('provisionRestore', removed)).toBe('ACTIVE');
    expect(refusalOf('activate', 'DELETED').message).toMatch(/removed by the organization’s identity provider/);
  });

  it('provisions people active at once, and deletes them from every state the console has', () => {
    expect(PERSON_MOVES.provision).toMatchObject({ from: [], to: 'ACTIVE' });
    expect(PERSON_STATES.filter((state) => allows('provisionDelete', state))).toEqual([
      'ACTIVE',
      'INVITED',
      'AWAITING_APPROVAL',
      'DISABLED',
    ]);
    expect(stateAfter('provisionDeactivate', person({ joined: true }))).toBe('DISABLED');
    expect(stateAfter('provisionDeactivate', person({ is_active: false }))).toBe('DISABLED');
  });

  it('sends invitations and their links only to people who are invited', () => {
    for (const move of ['resendInvitation', 'copyInvitationLink', 'acceptInvitation', 'revokeInvitation'] as const) {
      expect(PERSON_STATES.filter((state) => allows(move, state))).toEqual(['INVITED']);
    }
    expect(refusalOf('resendInvitation', 'DISABLED').message).toMatch(/deactivated: activate them and send the invitation again/);
    expect(refusalOf('acceptInvitation', 'DISABLED')).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/deactivated/) });
  });

  it('lets only active people sign in, with a password or a link', () => {
    for (const move of ['signIn', 'requestPasswordReset', 'mailPasswordReset', 'resetPassword'] as const) {
      expect(PERSON_STATES.filter((state) => allows(move, state))).toEqual(['ACTIVE']);
    }
    expect(stateAfter('signInWithSingleSignOn', person())).toBe('ACTIVE');
    expect(allows('signInWithSingleSignOn', 'DISABLED')).toBe(false);
  });

  it('never lets an invitation or an import touch someone who has an account', () => {
    expect(PERSON_STATES.filter((state) => allows('inviteAgain', state))).toEqual([]);
  });
});

describe('who writes a person’s state', () => {
  const source = fileURLToPath(new URL('..', import.meta.url));
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? files(join(dir, entry.name))
        : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
          ? [join(dir, entry.name)]
          : [],
    );

  it('is the lifecycle alone: no other code updates is_active, awaiting_approval or joined_at of a person, or deletes one', () => {
    const writers = files(source)
      .filter((file) => !file.includes('/seed/') && !file.includes('/testing/'))
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        const updates = [...text.matchAll(/UPDATE\s+client_users\b[^`'"]*/g)].map((match) => match[0]);
        return (
          updates.some((sql) => /\b(is_active|awaiting_approval|joined_at)\s*=/.test(sql)) || /DELETE\s+FROM\s+client_users\b/.test(text)
        );
      })
      .map((file) => relative(source, file));
    expect(writers).toEqual(['domain/personLifecycle.ts']);
  });
});
