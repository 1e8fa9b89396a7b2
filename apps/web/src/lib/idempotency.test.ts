import { ApolloClient, ApolloLink, gql, InMemoryCache } from '@apollo/client';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { idempotencyLink } from './idempotency';

const CREATE = gql`
  mutation CreateGroup($name: String!) {
    createGroup(name: $name) {
      id
    }
  }
`;
const READ = gql`
  query Viewer {
    viewer {
      id
    }
  }
`;

/** A gateway that refuses the first `refusals` calls with `status` and records each call's key. */
function gateway(refusals: number, status = 503) {
  const keys: (string | undefined)[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        keys.push((operation.getContext().headers as Record<string, string> | undefined)?.['Idempotency-Key']);
        if (keys.length <= refusals) observer.error(Object.assign(new Error(`answered ${status}`), { statusCode: status }));
        else {
          observer.next({ data: operation.operationName === 'Viewer' ? { viewer: { id: '1' } } : { createGroup: { id: '7' } } });
          observer.complete();
        }
      }),
  );
  const client = new ApolloClient({ link: ApolloLink.from([idempotencyLink, link]), cache: new InMemoryCache() });
  return { client, keys };
}

describe('idempotency link', () => {
  it('sends a fresh key with every submit and the same key when a refused submit is sent again', async () => {
    const { client, keys } = gateway(2);
    await client.mutate({ mutation: CREATE, variables: { name: 'Night shift' } });
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);
    await client.mutate({ mutation: CREATE, variables: { name: 'Night shift' } });
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('does not send a submit again after an answer that may have done it', async () => {
    const { client, keys } = gateway(1, 502);
    await expect(client.mutate({ mutation: CREATE, variables: { name: 'Night shift' } })).rejects.toThrow('answered 502');
    expect(keys).toHaveLength(1);
  });

  it('leaves reads without a key', async () => {
    const { client, keys } = gateway(0);
    await client.query({ query: READ });
    expect(keys).toEqual([undefined]);
  });
});
