import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { CaptchaChallengeDocument } from '@/generated/graphql';
import { solveCaptcha } from './captcha';
import { onFirstFormInteraction } from './formInteraction';

// The gateway's challenges live ten minutes; a prepared answer older than this is replaced.
const FRESH_FOR_MS = 5 * 60 * 1000;

type Prepared = { answer: Promise<string>; at: number };

export type Captcha = {
  /** An answer for one request (prepared in advance when possible); each answer is single use. */
  take: () => Promise<string>;
  /** Starts solving the next answer unless one is ready, e.g. after a failed attempt. */
  prepare: () => void;
};

/**
 * The invisible captcha of the public forms: a challenge is fetched and solved while the person
 * types, so submitting does not wait for the proof of work. Solving starts on the first
 * interaction with a form rather than when the page opens: the captcha's code (about 35 kB
 * gzipped) then stays off the first screen, and a visitor who only looks costs the gateway nothing.
 * With `enabled` false nothing is fetched in advance (a form whose call needs no captcha).
 * `client.query` rather than a lazy-query hook: several challenges may be in flight at once.
 */
export function useCaptcha(enabled = true): Captcha {
  const client = useApolloClient();
  const prepared = useRef<Prepared | null>(null);

  const solveFresh = useCallback(async () => {
    const { data } = await client.query({ query: CaptchaChallengeDocument, fetchPolicy: 'no-cache' });
    if (!data) throw new Error('No captcha challenge received');
    return solveCaptcha(data.captchaChallenge);
  }, [client]);

  const prepare = useCallback(() => {
    if (prepared.current) return;
    const answer = solveFresh();
    // Nobody may ever use this answer; a failure here is reported by take() if it is used.
    answer.catch(() => undefined);
    prepared.current = { answer, at: Date.now() };
  }, [solveFresh]);

  useEffect(() => (enabled ? onFirstFormInteraction(prepare) : undefined), [enabled, prepare]);

  const take = useCallback(() => {
    const current = prepared.current;
    prepared.current = null;
    const usable = current !== null && Date.now() - current.at < FRESH_FOR_MS;
    return usable ? current.answer.catch(solveFresh) : solveFresh();
  }, [solveFresh]);

  return useMemo(() => ({ take, prepare }), [take, prepare]);
}
