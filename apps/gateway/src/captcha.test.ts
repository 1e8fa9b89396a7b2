import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Captcha } from './captcha';

function memoryOfUsedSignatures() {
  const used = new Set<string>();
  return async (signature: string) => {
    if (used.has(signature)) return false;
    used.add(signature);
    return true;
  };
}

async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('Captcha', () => {
  afterEach(() => vi.useRealTimers());

  it('accepts a solved challenge once', async () => {
    const captcha = new Captcha('a-long-enough-secret', memoryOfUsedSignatures());
    const payload = await solve(await captcha.challenge());

    expect(await captcha.verify(payload)).toBe('ok');
    expect(await captcha.verify(payload)).toBe('replayed');
  });

  it('refuses a missing or garbled answer', async () => {
    const captcha = new Captcha('a-long-enough-secret', memoryOfUsedSignatures());
    expect(await captcha.verify('')).toBe('missing');
    expect(await captcha.verify(undefined)).toBe('missing');
    expect(await captcha.verify('not base64 json')).toBe('invalid');
  });

  it('refuses a challenge signed by someone else', async () => {
    const forger = new Captcha('the-forgers-own-secret', memoryOfUsedSignatures());
    const captcha = new Captcha('a-long-enough-secret', memoryOfUsedSignatures());
    expect(await captcha.verify(await solve(await forger.challenge()))).toBe('invalid');
  });

  it('accepts a challenge signed with the previous secret while the secret is rotated, and only then', async () => {
    const before = new Captcha('the-secret-before-the-rotation', memoryOfUsedSignatures());
    const payload = await solve(await before.challenge());
    expect(await new Captcha('the-secret-after-the-rotation', memoryOfUsedSignatures()).verify(payload)).toBe('invalid');
    const rotating = new Captcha('the-secret-after-the-rotation', memoryOfUsedSignatures(), 'the-secret-before-the-rotation');
    expect(await rotating.verify(payload)).toBe('ok');
    expect(await rotating.verify(payload)).toBe('replayed');
    // New challenges are signed with the new secret.
    const fresh = await solve(await rotating.challenge());
    expect(await new Captcha('the-secret-after-the-rotation', memoryOfUsedSignatures()).verify(fresh)).toBe('ok');
  });

  it('refuses a wrong solution', async () => {
    const captcha = new Captcha('a-long-enough-secret', memoryOfUsedSignatures());
    const challenge = await captcha.challenge();
    const payload = Buffer.from(JSON.stringify({ challenge, solution: { counter: 1, derivedKey: '00' } })).toString('base64');
    expect(await captcha.verify(payload)).toBe('invalid');
  });

  it('refuses an expired challenge', async () => {
    const captcha = new Captcha('a-long-enough-secret', memoryOfUsedSignatures());
    const challenge = await captcha.challenge();
    const payload = await solve(challenge);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60 * 1000);
    expect(await captcha.verify(payload)).toBe('expired');
  });
});
