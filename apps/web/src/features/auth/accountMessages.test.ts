import { describe, expect, it } from 'vitest';
import { EXPIRED_LINK_MESSAGE, resetRequestedText } from './accountMessages';

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
