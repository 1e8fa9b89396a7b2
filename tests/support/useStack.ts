import { afterAll, beforeAll } from 'vitest';
import { startStack, type DatabaseKind, type Stack, type StackOptions } from './stack';

/** Starts a stack before the tests of the enclosing describe block and stops it after them. */
export function useStack(kind: DatabaseKind, options: StackOptions | (() => StackOptions) = {}): Stack {
  let stack: Stack | undefined;
  beforeAll(async () => {
    stack = await startStack(kind, typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    await stack?.stop();
  });
  const current = () => {
    if (!stack) throw new Error('the stack has not started');
    return stack;
  };
  return {
    get db() {
      return current().db;
    },
    get databaseUrl() {
      return current().databaseUrl;
    },
    get apiUrl() {
      return current().apiUrl;
    },
    get gatewayUrl() {
      return current().gatewayUrl;
    },
    stopGateway: (graceMs) => current().stopGateway(graceMs),
    restartApi: () => current().restartApi(),
    stop: () => current().stop(),
  };
}
