import { useState } from 'react';
import { dropListPages } from '@/lib/listCache';
import { refusalMessage, type MutationPayload } from '@/lib/payloadErrors';
import { describeRequestError } from '@/lib/requestErrors';
import { toaster } from '@/lib/toaster';

// After any change the person, their audit history, the people list and the seats are read again.
export const refreshPerson = {
  refetchQueries: ['UserDetail', 'AuditLog'],
  awaitRefetchQueries: true,
  update: (cache: Parameters<typeof dropListPages>[0]) => {
    dropListPages(cache, 'users');
    dropListPages(cache, 'userSeats');
  },
};

/**
 * Runs a change of the page: its refusal (the payload's first error, or the failed request) is
 * kept for the section to show beside its controls; true when it did its work.
 */
export function useChange() {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function run(work: () => Promise<MutationPayload | null | undefined>, done?: string | { title: string; description: string }) {
    setBusy(true);
    setProblem(null);
    try {
      const refusal = refusalMessage(await work());
      if (refusal) {
        setProblem(refusal);
        return false;
      }
      if (done) toaster.success(typeof done === 'string' ? { title: done } : done);
      return true;
    } catch (failure) {
      setProblem(describeRequestError(failure));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { problem, busy, run };
}
