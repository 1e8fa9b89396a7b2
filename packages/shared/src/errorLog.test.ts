import { describe, expect, it } from 'vitest';
import { describeError, redactMessage } from './errorLog';

describe('describeError', () => {
  it('names the error, its code and query, and where it was thrown, but none of its other properties', () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      name: 'QueryError',
      code: '23505',
      query: 'INSERT INTO users (email) VALUES ($1)',
      params: ['ada@example.org'],
      detail: 'Key (email)=(ada@example.org) already exists.',
      body: '{"password":"hunter2"}',
    });
    const text = describeError(error);
    expect(text).toMatch(
      /^QueryError \[23505\]: duplicate key value violates unique constraint "users_email_key"\n {2}query: INSERT INTO users/,
    );
    expect(text).toMatch(/\n {4}at /);
    expect(text).not.toMatch(/ada@example\.org|hunter2/);
  });

  it('follows causes and reads the code of a GraphQL error from its extensions', () => {
    const cause = new Error('connect ECONNREFUSED 127.0.0.1:4001');
    const error = Object.assign(new Error('Request failed', { cause }), {
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
      path: ['viewer', 0],
    });
    const text = describeError(error);
    expect(text).toMatch(/^Error \[INTERNAL_SERVER_ERROR\]: Request failed\n {2}path: viewer\.0/);
    expect(text).toMatch(/caused by Error: connect ECONNREFUSED 127\.0\.0\.1:4001/);
  });

  it('never prints a thrown object that is not an error, only what it is', () => {
    expect(describeError(42)).toBe('a number was thrown');
    expect(describeError({ password: 'hunter2' })).toBe('Error: (no message)');
  });
});

describe('redactMessage', () => {
  it.each([
    [
      'request to http://api.local/users/product-address?email=ada%40example.org failed',
      'request to http://api.local/users/product-address?… failed',
    ],
    ['550 5.1.1 <ada@example.org>: Recipient address rejected', '550 5.1.1 <<email>>: Recipient address rejected'],
    [`Unexpected token 'x', "{"email": "ada@x.org", x}" is not valid JSON`, `Unexpected token 'x', "…" is not valid JSON`],
    [`Unexpected end of JSON input`, `Unexpected end of JSON input`],
  ])('%s', (message, redacted) => {
    expect(redactMessage(message)).toBe(redacted);
  });
});
