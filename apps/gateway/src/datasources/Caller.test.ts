import { describe, expect, it } from 'vitest';
import { Caller } from './Caller';

describe('Caller.scope', () => {
  it('names each session of a request apart without its token, and follows a session started or ended mid-request', () => {
    const caller = new Caller(null, null);
    expect(caller.scope).toBe('anonymous');
    caller.token = 'first-session-token';
    const first = caller.scope;
    expect(first).not.toContain('first-session-token');
    expect(caller.scope).toBe(first);
    caller.token = 'first-session-token';
    expect(caller.scope).toBe(first);
    caller.token = 'second-session-token';
    const second = caller.scope;
    expect(second).not.toBe(first);
    expect(second).not.toContain('second-session-token');
    caller.token = null;
    expect(caller.scope).toBe('anonymous');
    caller.token = 'first-session-token';
    expect([first, second, 'anonymous']).not.toContain(caller.scope);
    expect(new Caller('a-token', null).scope).not.toContain('a-token');
  });
});
