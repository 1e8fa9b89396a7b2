import { afterAll, beforeAll } from 'vitest';
import { sharedStack } from './sharedStack';
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
  return stackOf(() => stack);
}

/**
 * The worker's shared stack (support/sharedStack.ts) for the tests of the enclosing describe
 * block: what they make lives in organisations of their own; it is neither stopped nor restarted.
 */
export function useSharedStack(): Stack {
  let stack: Stack | undefined;
  beforeAll(async () => {
    stack = await sharedStack();
  });
  const refuse = () => Promise.reject(new Error('the shared stack is not stopped or restarted by a test file: use useStack'));
  return stackOf(() => stack, { stopGateway: refuse, restartApi: refuse, stop: refuse });
}

/** The stack `started` gives once it has started, read at each use; `own` in place of its controls. */
function stackOf(started: () => Stack | undefined, own: Partial<Pick<Stack, 'stopGateway' | 'restartApi' | 'stop'>> = {}): Stack {
  const current = () => {
    const stack = started();
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
    stopGateway: own.stopGateway ?? ((graceMs) => current().stopGateway(graceMs)),
    restartApi: own.restartApi ?? (() => current().restartApi()),
    stop: own.stop ?? (() => current().stop()),
  };
}
