import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE_MESSAGE } from '@yozy/shared';
import { describeRequestError, ERROR_MESSAGES, errorMessage, requestIdOf, UNEXPECTED_MESSAGE, UNREACHABLE_MESSAGE } from './requestErrors';

const graphQLErrors = (...errors: { message: string; code?: string; field?: string }[]) =>
  new CombinedGraphQLErrors({
    data: null,
    errors: errors.map(({ message, code, field }) => ({ message, extensions: code ? { code, ...(field ? { field } : {}) } : undefined })),
  });

describe('describeRequestError', () => {
  it('reports a network failure as an unreachable server', () => {
    expect(describeRequestError(new TypeError('Failed to fetch'))).toBe(UNREACHABLE_MESSAGE);
  });

  it('reports a gateway answering 502 as an unreachable server', () => {
    const response = new Response('Bad Gateway', { status: 502 });
    expect(describeRequestError(new ServerError('Bad Gateway', { response, bodyText: 'Bad Gateway' }))).toBe(UNREACHABLE_MESSAGE);
  });

  it('passes on the message of a rate-limited answer (HTTP 429 with GraphQL errors)', () => {
    const bodyText = JSON.stringify({
      errors: [{ message: 'Too many attempts. Try again in 9 minutes.', extensions: { code: 'RATE_LIMITED' } }],
    });
    const response = new Response(bodyText, { status: 429 });
    expect(describeRequestError(new ServerError('Too Many Requests', { response, bodyText }))).toBe(
      'Too many attempts. Try again in 9 minutes.',
    );
  });

  it('does not blame the network for a 4xx answer it cannot read', () => {
    const response = new Response('nope', { status: 400 });
    expect(describeRequestError(new ServerError('Bad Request', { response, bodyText: 'nope' }))).toBe(UNEXPECTED_MESSAGE);
  });

  it('reports an unavailable subscription service as an unreachable server', () => {
    expect(describeRequestError(graphQLErrors({ message: 'down', code: 'UPSTREAM_UNAVAILABLE' }))).toBe(UNREACHABLE_MESSAGE);
  });

  it('passes on messages the gateway writes for people', () => {
    expect(describeRequestError(graphQLErrors({ message: 'You may not do that', code: 'FORBIDDEN' }))).toBe('You may not do that');
  });

  it("passes on the gateway's own bad-input messages, which name a field", () => {
    expect(
      describeRequestError(graphQLErrors({ message: 'Organisation id must be a whole number', code: 'BAD_USER_INPUT', field: 'id' })),
    ).toBe('Organisation id must be a whole number');
  });

  it("hides GraphQL's own messages about malformed variables", () => {
    const message = 'Variable "$input" got invalid value {}; Field "captcha" of required type "String!" was not provided.';
    expect(describeRequestError(graphQLErrors({ message, code: 'BAD_USER_INPUT' }))).toBe(ERROR_MESSAGES.BAD_USER_INPUT);
  });

  it('hides internal, unlabelled and unknown-code messages', () => {
    expect(describeRequestError(graphQLErrors({ message: 'stack…', code: 'INTERNAL_SERVER_ERROR' }))).toBe(UNEXPECTED_MESSAGE);
    expect(describeRequestError(graphQLErrors({ message: 'Cannot query field "x"' }))).toBe(UNEXPECTED_MESSAGE);
    expect(describeRequestError(graphQLErrors({ message: 'raw', code: 'GRAPHQL_VALIDATION_FAILED' }))).toBe(UNEXPECTED_MESSAGE);
  });

  it('blames the unreachable service when it is one of several errors', () => {
    const error = graphQLErrors({ message: 'You may not do that', code: 'FORBIDDEN' }, { message: 'down', code: 'UPSTREAM_UNAVAILABLE' });
    expect(describeRequestError(error)).toBe(UNREACHABLE_MESSAGE);
  });
});

describe('errorMessage', () => {
  it.each([
    // The specification's words, whatever the server wrote.
    [{ code: 'INVALID_TOKEN', field: 'token', message: 'Token unknown' }, 'The URL you are trying to use has expired'],
    [{ code: 'WEAK_PASSWORD', field: 'password', message: 'weak' }, PASSWORD_RULE_MESSAGE],
    // Never which of email and password was wrong.
    [{ code: 'INVALID_CREDENTIALS', field: 'email', message: 'No such email' }, 'Incorrect email or password'],
    // The case at hand, as the gateway words it.
    [
      { code: 'CONFLICT', field: 'adminEmail', message: 'An enquiry for this email is already waiting for approval' },
      'An enquiry for this email is already waiting for approval',
    ],
    [
      { code: 'RATE_LIMITED', field: null, message: 'Too many attempts. Try again in 9 minutes.' },
      'Too many attempts. Try again in 9 minutes.',
    ],
    [{ code: 'BAD_USER_INPUT', field: 'companyName', message: 'Enter the company name' }, 'Enter the company name'],
    [{ code: 'BAD_USER_INPUT', field: null, message: 'Malformed JSON body' }, ERROR_MESSAGES.BAD_USER_INPUT],
    [{ code: 'FORBIDDEN', field: null, message: '  ' }, ERROR_MESSAGES.FORBIDDEN],
  ] as const)('%j -> %s', (error, expected) => {
    expect(errorMessage(error)).toBe(expected);
  });
});

describe('ERROR_MESSAGES', () => {
  it('has words for every code, none of them blank', () => {
    for (const message of Object.values(ERROR_MESSAGES)) expect(message.trim()).not.toBe('');
  });
});

describe('requestIdOf', () => {
  it('finds the request id of a failed request, in its GraphQL errors or in the body of a non-2xx answer', () => {
    const failed = new CombinedGraphQLErrors({
      data: null,
      errors: [{ message: 'down', extensions: { code: 'UPSTREAM_UNAVAILABLE', requestId: 'req-1' } }],
    });
    expect(requestIdOf(failed)).toBe('req-1');
    const bodyText = JSON.stringify({ errors: [{ message: 'slow down', extensions: { code: 'RATE_LIMITED', requestId: 'req-2' } }] });
    expect(requestIdOf(new ServerError('Too Many Requests', { response: new Response(bodyText, { status: 429 }), bodyText }))).toBe(
      'req-2',
    );
  });

  it('has none when the gateway was never reached or named none', () => {
    expect(requestIdOf(new TypeError('Failed to fetch'))).toBeNull();
    expect(requestIdOf(graphQLErrors({ message: 'no', code: 'FORBIDDEN' }))).toBeNull();
  });
});
