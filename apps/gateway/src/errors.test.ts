import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatError } from './errors';

describe('formatError', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the code, message and field of an expected error', () => {
    const formatted = {
      message: 'You can only see your own',
      path: ['organization'],
      extensions: { code: 'FORBIDDEN', field: 'ClientId', restCode: 'FORBIDDEN' },
    };
    expect(formatError(formatted, new GraphQLError('x'))).toEqual({
      message: 'You can only see your own',
      path: ['organization'],
      locations: undefined,
      extensions: { code: 'FORBIDDEN', field: 'ClientId' },
    });
  });

  it('hides an unexpected error behind a plain message and logs it', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const formatted = {
      message: 'relation "x" does not exist',
      extensions: { code: 'INTERNAL_SERVER_ERROR', stacktrace: ['at /srv/app.js:1:1'] },
    };
    const answer = formatError(formatted, new Error('relation "x" does not exist'));
    expect(answer).toEqual({ message: 'Something went wrong on our side', path: undefined, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(log).toHaveBeenCalled();
  });

  it('says when the subscription service cannot be reached', () => {
    const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    const answer = formatError({ message: 'fetch failed', extensions: { code: 'INTERNAL_SERVER_ERROR' } }, refused);
    expect(answer.extensions).toEqual({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(answer.message).toMatch(/not reachable/);
  });
});
