import { describeRequestError, requestIdOf } from './requestErrors';
import { toaster } from './toaster';
/**
 * A toast for a request that failed: what went wrong in the console's words, and its request id
 * to copy for whoever looks into it (ToastRegion offers "Copy request ID").
 */
export function toastFailure(title: string, error: unknown): void {
  const requestId = requestIdOf(error);
  toaster.create({
    type: 'error',
    title,
    description: describeRequestError(error),
    closable: true,
    meta: requestId ? { requestId } : undefined,
  });
}
