import { ApolloLink } from '@apollo/client';
import { Observable, type Subscription } from 'rxjs';

/** A fresh key: 128 random bits (getRandomValues works where randomUUID does not, on plain http). */
function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The gateway answers 503 without doing anything while it stops (and a proxy in front while it starts). */
const refusedUndone = (error: unknown) => (error as { statusCode?: unknown }).statusCode === 503;

/**
 * Every submit of a mutation carries its own `Idempotency-Key` header, so the service does a
 * create once however often the same submit reaches it; a submit the gateway refused undone (503)
 * is sent again after a moment, twice at most, with the same key. A new submit is a new key.
 */
export const idempotencyLink = new ApolloLink((operation, forward) => {
  const mutation = operation.query.definitions.some((d) => d.kind === 'OperationDefinition' && d.operation === 'mutation');
  if (!mutation) return forward(operation);
  const { headers } = operation.getContext() as { headers?: Record<string, string> };
  operation.setContext({ headers: { ...headers, 'Idempotency-Key': newKey() } });
  // Written out rather than rxjs's retry operator: this is on the sign-in page's path, and every byte counts there.
  return new Observable((observer) => {
    let attempt = 0;
    let sending: Subscription | undefined;
    let waiting: ReturnType<typeof setTimeout> | undefined;
    const send = () => {
      sending = forward(operation).subscribe({
        next: (result) => observer.next(result),
        complete: () => observer.complete(),
        error: (error: unknown) => {
          if (!refusedUndone(error) || attempt === 2) return observer.error(error);
          attempt += 1;
          waiting = setTimeout(send, 500 * attempt);
        },
      });
    };
    send();
    return () => {
      clearTimeout(waiting);
      sending?.unsubscribe();
    };
  });
});
