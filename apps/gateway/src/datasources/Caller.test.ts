import { describe, expect, it } from 'vitest';
import { Caller } from './Caller';

describe('Caller.scope', () => {
  it('names each session apart without its token, and follows a session started or ended mid-request', () => {
    const caller = new Caller(null, null);
    expect(caller.scope).toBe('anonymous');
    caller.token = 'first-session-token';
    const first = caller.scope;
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    expect(first).not.toContain('first-session-token');
    expect(caller.scope).toBe(first);
    caller.token = 'second-session-token';
    expect(caller.scope).not.toBe(first);
    expect(caller.scope).toBe(new Caller('second-session-token', null).scope);
    caller.token = null;
    expect(caller.scope).toBe('anonymous');
    caller.token = 'first-session-token';
    expect(caller.scope).toBe(first);
  });
});
