import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatError, namingFields, restError, userErrorsOf } from './errors';

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

describe('restError and userErrorsOf', () => {
  const ENQUIRY = { adminEmail: 'AdminEmail', companyName: 'ClientCompanyName' };

  it.each([
    ['BAD_REQUEST', 400, 'BAD_USER_INPUT'],
    ['INVALID_TOKEN', 400, 'INVALID_TOKEN'],
    ['WEAK_PASSWORD', 400, 'WEAK_PASSWORD'],
    ['PASSWORD_MISMATCH', 400, 'PASSWORD_MISMATCH'],
    ['INVALID_CREDENTIALS', 401, 'INVALID_CREDENTIALS'],
    ['CONFLICT', 409, 'CONFLICT'],
    ['SEAT_LIMIT', 409, 'SEAT_LIMIT'],
    ['PAYLOAD_TOO_LARGE', 413, 'BAD_USER_INPUT'],
  ])('hands %s back as a payload error %s, on the input field it names', (restCode, status, code) => {
    const error = restError(status, { code: restCode, message: 'Fix this', field: 'AdminEmail' });
    expect(userErrorsOf(error, ENQUIRY)).toEqual([{ code, field: 'adminEmail', message: 'Fix this' }]);
  });

  it.each([
    ['UNAUTHENTICATED', 401, 'UNAUTHENTICATED'],
    ['FORBIDDEN', 403, 'FORBIDDEN'],
    ['NOT_FOUND', 404, 'NOT_FOUND'],
    ['INTERNAL', 500, 'UPSTREAM_UNAVAILABLE'],
    ['UNSUPPORTED_MEDIA_TYPE', 415, 'INTERNAL_SERVER_ERROR'],
  ])('throws %s on as %s', (restCode, status, code) => {
    const error = restError(status, { code: restCode, message: 'No' });
    expect(() => userErrorsOf(error, ENQUIRY)).toThrow(error);
    expect(error.extensions.code).toBe(code);
  });

  it('names no field when the REST field is not one of the input', () => {
    const error = restError(400, { code: 'BAD_REQUEST', message: 'Unknown', field: 'constructor' });
    expect(userErrorsOf(error, ENQUIRY)).toEqual([{ code: 'BAD_USER_INPUT', field: null, message: 'Unknown' }]);
  });

  it('treats an answer without a known code as an outage (5xx) or our own fault', () => {
    expect(restError(502, undefined).extensions.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(restError(502, undefined).message).toMatch(/could not answer/);
    const drift = restError(418, { code: 'TEAPOT', message: 'short and stout' });
    expect(drift.extensions.code).toBe('INTERNAL_SERVER_ERROR');
    expect(() => userErrorsOf(drift)).toThrow(drift);
  });

  it('names the GraphQL field of a thrown refusal when the resource map knows it', () => {
    const error = restError(400, { code: 'BAD_REQUEST', message: 'Filter "ClientId" expects a whole number', field: 'ClientId' });
    expect(() => namingFields({ id: 'ClientId' })(error)).toThrow(
      expect.objectContaining({ extensions: expect.objectContaining({ field: 'id' }) }),
    );
  });

  it('never shows the REST names of a thrown error to the client', () => {
    const error = restError(403, { code: 'FORBIDDEN', message: 'Not yours', field: 'ClientId' });
    const formatted = formatError({ message: error.message, extensions: error.extensions }, error);
    expect(formatted.extensions).toEqual({ code: 'FORBIDDEN' });
  });
});
