import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GraphQLSession, signedIn } from '../support/graphql';
import { useStack } from '../support/useStack';

/** A create sent again with its Idempotency-Key, through the gateway, is done once and only for its own caller. */

type Created = {
  createGroup: { group: { id: string; name: string; organizationId: string } | null; errors: { code: string; message: string }[] };
};
const CREATE = /* GraphQL */ `
  mutation ($input: CreateGroupInput!) {
    createGroup(input: $input) {
      group {
        id
        name
        organizationId
      }
      errors {
        code
        message
      }
    }
  }
`;

describe('idempotent creates through the gateway', () => {
  const stack = useStack('pglite');
  const keyed = (session: GraphQLSession, key: string) => {
    const copy = new GraphQLSession(stack.gatewayUrl, { 'idempotency-key': key });
    for (const [name, value] of session.cookies) copy.cookies.set(name, value);
    return copy;
  };
  const count = async (name: string) => (await stack.db.query('SELECT 1 FROM groups WHERE name = $1', [name])).length;

  it('answers a repeat the first answer, refuses the key with another body, and keeps keys per organisation', async () => {
    const acme = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    const globex = await signedIn(stack.gatewayUrl, 'admin@globex.local');
    const key = randomUUID();

    const first = await keyed(acme, key).request<Created>(CREATE, { input: { name: 'Night desk' } });
    const again = await keyed(acme, key).request<Created>(CREATE, { input: { name: 'Night desk' } });
    expect(first.data!.createGroup.errors).toEqual([]);
    expect(again.data!.createGroup).toEqual(first.data!.createGroup);
    expect(await count('Night desk')).toBe(1);

    const other = await keyed(acme, key).request<Created>(CREATE, { input: { name: 'Day desk' } });
    expect(other.data!.createGroup.group).toBeNull();
    expect(other.data!.createGroup.errors[0]).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/different request/) });
    expect(await count('Day desk')).toBe(0);

    // Globex's admin with Acme's key: their own group in their own organisation, never Acme's answer.
    const theirs = await keyed(globex, key).request<Created>(CREATE, { input: { name: 'Night desk' } });
    expect(theirs.data!.createGroup.group).not.toBeNull();
    expect(theirs.data!.createGroup.group!.id).not.toBe(first.data!.createGroup.group!.id);
    expect(theirs.data!.createGroup.group!.organizationId).not.toBe(first.data!.createGroup.group!.organizationId);
    expect(await count('Night desk')).toBe(2);

    // Without a key, a second create of the same name is refused by its own rule, as before.
    const plain = await acme.request<Created>(CREATE, { input: { name: 'Night desk' } });
    expect(plain.data!.createGroup.errors[0]).toMatchObject({ code: 'CONFLICT' });
    expect(plain.data!.createGroup.errors[0]!.message).not.toMatch(/Idempotency-Key/);
  });
});
