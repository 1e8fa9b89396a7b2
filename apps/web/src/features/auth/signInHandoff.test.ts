import { describe, expect, it, vi } from 'vitest';
import { takeHandoffFromAddress, takeHandoffToken } from './signInHandoff';

const at = (href: string) => {
  const url = new URL(href);
  const history = { state: { idx: 0 }, replaceState: vi.fn() } as unknown as History;
  return { location: { href: url.href, pathname: url.pathname } as Location, history };
};

describe('a sign-in hand-off in the address', () => {
  it('leaves the address bar at once, keeping the rest of the address, and is handed over once', () => {
    const { location, history } = at('https://console.example/login?data=tok%2B1&sso=x#top');
    takeHandoffFromAddress(location, history);
    expect(history.replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/login?sso=x#top');
    expect(takeHandoffToken()).toBe('tok+1');
    expect(takeHandoffToken()).toBeNull();
  });

  it('is only read on the sign-in page', () => {
    const { location, history } = at('https://console.example/users?data=abc');
    takeHandoffFromAddress(location, history);
    expect(history.replaceState).not.toHaveBeenCalled();
    expect(takeHandoffToken()).toBeNull();
  });
});
