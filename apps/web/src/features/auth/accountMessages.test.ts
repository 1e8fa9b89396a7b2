import { describe, expect, it } from 'vitest';
import { countdownText, EXPIRED_LINK_MESSAGE, redirectDestination, resetRequestedText } from './accountMessages';

describe('resetRequestedText', () => {
  it('says the same whether or not the account exists, with the link validity', () => {
    expect(resetRequestedText('a@b.co')).toBe(
      'If an account exists for a@b.co, we have sent a link to reset its password. The link is valid for 8 hours.',
    );
  });
});

describe('EXPIRED_LINK_MESSAGE', () => {
  it("is the specification's sentence, also what a refused link's error says", () => {
    expect(EXPIRED_LINK_MESSAGE).toBe('The URL you are trying to use has expired');
  });
});

describe('the redirect countdown', () => {
  const CONSOLE = 'http://127.0.0.1:4000';

  it("keeps the specification's words and says where it goes", () => {
    expect(countdownText(10, 'https://app.yozy.local')).toBe('Automatic redirect in 10 sec to https://app.yozy.local');
  });

  it("names the console's own sign-in page in words, as npm start points the demo products there", () => {
    expect(redirectDestination(`${CONSOLE}/login`, CONSOLE)).toBe('the sign-in page');
    expect(redirectDestination('/login', CONSOLE)).toBe('the sign-in page');
  });

  it("shows a product's address as it is, without a trailing slash", () => {
    expect(redirectDestination('https://app.yozy.local/', CONSOLE)).toBe('https://app.yozy.local');
    expect(redirectDestination('https://lite.yozy.local/start?from=reset', CONSOLE)).toBe('https://lite.yozy.local/start?from=reset');
    // Another console's sign-in page is somewhere else: its address says so.
    expect(redirectDestination('http://127.0.0.1:4100/login', CONSOLE)).toBe('http://127.0.0.1:4100/login');
  });
});
