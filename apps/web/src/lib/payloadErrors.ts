// What a change that did not go through says, and where: the payload's first error beside the
// controls, thrown for a confirmation to show, or in a toast; a failed request in a toast.
import type { UserErrorFieldsFragment } from '@/generated/graphql';
import { describeRequestError, errorMessage, requestIdOf } from './requestErrors';
import { toaster } from './toaster';

/** Every mutation payload carries its expected failures (`errors { ...UserErrorFields }`); none means it did its work. */
export type MutationPayload = { errors: readonly UserErrorFieldsFragment[] };

/** What a mutation answered: its payload, or nothing when the request carried no data. */
type Answer = MutationPayload | null | undefined;

/** A change the payload refused, thrown (`throwIfRefused`) for whatever shows failures to say in its words. */
export class RefusedError extends Error {
  constructor(readonly refusal: UserErrorFieldsFragment) {
    super(errorMessage(refusal));
    this.name = 'RefusedError';
  }
}

/** What to say of a failed change: a refusal's words, or the failed request's (DESIGN §2: never "logged only"). */
export const failureMessage = (failure: unknown): string =>
  failure instanceof RefusedError ? failure.message : describeRequestError(failure);

/** The first error of a payload, the one the console speaks of. */
export const firstRefusal = (payload: Answer): UserErrorFieldsFragment | undefined => payload?.errors[0];

/** The words of the payload's first error, for the place beside the controls that shows it; null when it did its work. */
export function refusalMessage(payload: Answer): string | null {
  const refusal = firstRefusal(payload);
  return refusal ? errorMessage(refusal) : null;
}

/** Throws the payload's first error, for a confirmation dialog that shows its words and stays open. */
export function throwIfRefused(payload: Answer): void {
  const refusal = firstRefusal(payload);
  if (refusal) throw new RefusedError(refusal);
}

/** The payload's first error as a toast titled `title`; true when there was none. */
export function toastIfRefused(payload: Answer, title: string): boolean {
  const refusal = firstRefusal(payload);
  if (refusal) toaster.error({ title, description: errorMessage(refusal), closable: true });
  return !refusal;
}

/**
 * A toast for a request that failed or a change refused: what went wrong in the console's words,
 * and the request's id to copy for whoever looks into it (ToastRegion offers "Copy request ID").
 */
export function toastFailure(title: string, error: unknown): void {
  const requestId = requestIdOf(error);
  toaster.create({
    type: 'error',
    title,
    description: failureMessage(error),
    closable: true,
    meta: requestId ? { requestId } : undefined,
  });
}
