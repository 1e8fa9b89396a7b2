import type { Request, Response } from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_MS, deviceCookieKey, deviceCookies, personAccount } from './deviceCookies';

const KEY = deviceCookieKey('device-cookie-tests-secret-0123456789abcdef');

/** A browser's request with its cookie, and what the answer set. */
function browser(cookie?: string) {
  const set: { value: string; options: Record<string, unknown> }[] = [];
  const req = { cookies: cookie === undefined ? {} : { [DEVICE_COOKIE]: cookie }, secure: true } as unknown as Request;
  const res = {
    cookie: (name: string, value: string, options: Record<string, unknown>) => {
      expect(name).toBe(DEVICE_COOKIE);
      set.push({ value, options });
    },
  } as unknown as Response;
  return { devices: deviceCookies(KEY, req, res), set, last: () => set.at(-1)!.value };
}

/** The cookie a browser holds after signing in as these people, in this order. */
function signedInAs(...people: [email: string, userId: number][]): string {
  let cookie: string | undefined;
  for (const [email, userId] of people) {
    const { devices, last } = browser(cookie);
    devices.remember({ email, userId });
    cookie = last();
  }
  return cookie!;
}

describe('device cookies', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are issued httpOnly, for 90 days, and trust the browser for that account only, by email or by the person of a code step', () => {
    const { devices, set } = browser();
    devices.remember({ email: 'Ann.Lee@Acme.local', userId: 42 });
    expect(set[0]!.options).toMatchObject({ httpOnly: true, sameSite: 'lax', secure: true, path: '/', maxAge: DEVICE_COOKIE_MAX_AGE_MS });
    expect(set[0]!.value).not.toContain('ann');

    const next = browser(set[0]!.value).devices;
    const id = next.trusted(' ann.lee@acme.local ');
    expect(id).toEqual(expect.any(String));
    expect(next.trusted(personAccount(42))).toBe(id);
    expect(next.trusted('bob@acme.local')).toBeNull();
    expect(next.trusted(personAccount(43))).toBeNull();
  });

  it('keep one entry per account, newest first, each with its own id, and a new sign-in renews the entry', () => {
    const cookie = signedInAs(['ann@acme.local', 1], ['bob@acme.local', 2]);
    const { devices } = browser(cookie);
    const ann = devices.trusted('ann@acme.local');
    const bob = devices.trusted('bob@acme.local');
    expect(ann).not.toBeNull();
    expect(bob).not.toBeNull();
    expect(ann).not.toBe(bob);
    const renewed = browser(signedInAs(['ann@acme.local', 1], ['bob@acme.local', 2], ['ann@acme.local', 1]));
    expect(renewed.devices.trusted('ann@acme.local')).not.toBe(ann);
    expect(
      signedInAs(['ann@acme.local', 1], ['bob@acme.local', 2], ['ann@acme.local', 1])
        .split('~')
        .map((entry) => entry.split('.')[2]),
    ).toEqual(['1', '2']);
  });

  it('remember at most ten accounts per browser, forgetting the longest unused', () => {
    const people = Array.from({ length: 11 }, (_, i): [string, number] => [`person-${i}@acme.local`, i + 1]);
    const { devices } = browser(signedInAs(...people));
    expect(devices.trusted('person-0@acme.local')).toBeNull();
    expect(devices.trusted('person-1@acme.local')).not.toBeNull();
    expect(devices.trusted('person-10@acme.local')).not.toBeNull();
  });

  it.each([
    [
      'a changed account',
      (entry: string) => entry.replace(/^d1\.[0-9a-f]/, (head) => `${head.slice(0, -1)}${head.endsWith('0') ? '1' : '0'}`),
    ],
    ['a changed person', (entry: string) => entry.replace(/^(d1\.[0-9a-f]+\.)\d+/, '$17')],
    ['a changed signature', (entry: string) => `${entry.slice(0, -2)}${entry.endsWith('AA') ? 'BB' : 'AA'}`],
    ['no signature', (entry: string) => entry.split('.').slice(0, 5).join('.')],
    ['another version', (entry: string) => entry.replace(/^d1/, 'd2')],
  ])('refuse %s', (_case, change) => {
    const cookie = signedInAs(['ann@acme.local', 1]);
    expect(browser(change(cookie)).devices.trusted('ann@acme.local')).toBeNull();
    expect(browser(change(cookie)).devices.trusted(personAccount(7))).toBeNull();
  });

  it('refuse one signed with another key, and one older than 90 days', () => {
    vi.useFakeTimers();
    const cookie = signedInAs(['ann@acme.local', 1]);
    const elsewhere = { cookies: { [DEVICE_COOKIE]: cookie } } as unknown as Request;
    expect(
      deviceCookies(deviceCookieKey('another-secret-0123456789abcdef0123'), elsewhere, {} as Response).trusted('ann@acme.local'),
    ).toBeNull();
    vi.advanceTimersByTime(DEVICE_COOKIE_MAX_AGE_MS - 60_000);
    expect(browser(cookie).devices.trusted('ann@acme.local')).not.toBeNull();
    vi.advanceTimersByTime(60_000);
    expect(browser(cookie).devices.trusted('ann@acme.local')).toBeNull();
  });

  it('keep trusting a browser while the secret is rotated, signing its entry with the new key when it signs in again', () => {
    const cookie = signedInAs(['ann@acme.local', 1]);
    const NEW_KEY = deviceCookieKey('device-cookie-tests-new-secret-0123456789');
    const set: string[] = [];
    const req = { cookies: { [DEVICE_COOKIE]: cookie }, secure: true } as unknown as Request;
    const res = { cookie: (_name: string, value: string) => set.push(value) } as unknown as Response;
    // Without the previous key the browser is a stranger; with it, it is the one Ann used.
    expect(deviceCookies(NEW_KEY, req, res).trusted('ann@acme.local')).toBeNull();
    const rotating = deviceCookies(NEW_KEY, req, res, KEY);
    expect(rotating.trusted('ann@acme.local')).not.toBeNull();
    rotating.remember({ email: 'bob@acme.local', userId: 2 });
    // The cookie written now holds both entries under the new key alone.
    const again = { cookies: { [DEVICE_COOKIE]: set[0] } } as unknown as Request;
    const renewed = deviceCookies(NEW_KEY, again, res);
    expect([renewed.trusted('ann@acme.local'), renewed.trusted('bob@acme.local')].every((id) => id !== null)).toBe(true);
  });

  it('ignore a cookie that is not theirs at all', () => {
    expect(browser('nonsense').devices.trusted('ann@acme.local')).toBeNull();
    expect(browser('').devices.trusted(personAccount(1))).toBeNull();
  });
});
