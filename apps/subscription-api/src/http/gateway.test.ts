import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_HEADER } from '@yozy/shared';
import { carriesServiceToken } from './gateway';

const CURRENT = 'the-service-token-after-the-rotation';
const PREVIOUS = 'the-service-token-before-the-rotation';
const sending = (token?: string) => ({ headers: token === undefined ? {} : { [SERVICE_TOKEN_HEADER]: token } }) as IncomingMessage;

describe('the gateway’s service credential', () => {
  it('is the current one, or while it is rotated the one before, and nothing else', () => {
    const rotating = carriesServiceToken(CURRENT, PREVIOUS);
    expect([CURRENT, PREVIOUS, 'something-else-of-the-same-length-0', undefined].map((token) => rotating(sending(token)))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    // Once the rotation is over, the one before is refused.
    expect(carriesServiceToken(CURRENT)(sending(PREVIOUS))).toBe(false);
    expect(carriesServiceToken(CURRENT)(sending(CURRENT))).toBe(true);
  });
});
