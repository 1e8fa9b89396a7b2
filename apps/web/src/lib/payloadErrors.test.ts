import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserErrorFieldsFragment } from '@/generated/graphql';
import { failureMessage, refusalMessage, throwIfRefused, toastIfRefused } from './payloadErrors';
import { ERROR_MESSAGES, UNREACHABLE_MESSAGE } from './requestErrors';
import { toaster } from './toaster';

const seatLimit: UserErrorFieldsFragment = {
  code: 'SEAT_LIMIT',
  field: 'roleId',
  message: 'Acme Corporation has 0 of 10 seats left on Yozy Lite',
};
const refused = { errors: [seatLimit, { code: 'NOT_FOUND', field: null, message: 'No such role' }] as const };
const done = { errors: [] };

describe('payload errors', () => {
  afterEach(() => vi.restoreAllMocks());

  it("speaks of the payload's first error, and of nothing when the change was done", () => {
    expect(refusalMessage(refused)).toBe('Acme Corporation has 0 of 10 seats left on Yozy Lite');
    expect(refusalMessage({ errors: [{ code: 'FORBIDDEN', field: null, message: '' }] })).toBe(ERROR_MESSAGES.FORBIDDEN);
    expect(refusalMessage(done)).toBeNull();
    expect(refusalMessage(undefined)).toBeNull();
  });

  it('throws a refusal that a confirmation or a failure toast says in its own words, not as a failed request', () => {
    expect(() => throwIfRefused(done)).not.toThrow();
    let thrown: unknown;
    try {
      throwIfRefused(refused);
    } catch (error) {
      thrown = error;
    }
    expect(failureMessage(thrown)).toBe('Acme Corporation has 0 of 10 seats left on Yozy Lite');
    expect(failureMessage(new TypeError('Failed to fetch'))).toBe(UNREACHABLE_MESSAGE);
  });

  it('toasts a refusal under the given title and answers whether the change was done', () => {
    const error = vi.spyOn(toaster, 'error').mockImplementation(() => undefined);
    expect(toastIfRefused(done, 'Nobody was added')).toBe(true);
    expect(error).not.toHaveBeenCalled();
    expect(toastIfRefused(refused, 'Nobody was added')).toBe(false);
    expect(error).toHaveBeenCalledWith({
      title: 'Nobody was added',
      description: 'Acme Corporation has 0 of 10 seats left on Yozy Lite',
      closable: true,
    });
  });
});
