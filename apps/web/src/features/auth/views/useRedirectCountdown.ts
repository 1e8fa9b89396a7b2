import { REDIRECT_COUNTDOWN_SECONDS } from '@yozy/shared';
import { useCountdown } from '@/lib/useCountdown';

/** Once `target` is known, counts REDIRECT_COUNTDOWN_SECONDS down, then leaves the console for it (SPEC §4). */
export function useRedirectCountdown(target: string | null): number {
  return useCountdown(REDIRECT_COUNTDOWN_SECONDS, target !== null, () => {
    if (target) window.location.assign(target);
  });
}
