import { resetPasswordLink, SET_PASSWORD_TOKEN_PARAM, setPasswordLink } from '@yozy/shared';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { resetPasswordRoute, setPasswordRoute } from './urls';

/** What the router hands a screen for a mailed link: the route's parameters, decoded, and the query. */
function open(route: string, link: string) {
  const url = new URL(link, 'https://console.test');
  return { params: matchRoutes([{ path: route }], url.pathname)?.[0]?.params, query: url.searchParams };
}

describe('the mailed links', () => {
  it('open the reset screen with the token and address the mail was written with', () => {
    const { params } = open(resetPasswordRoute, resetPasswordLink('tok_en-1', "o'neil+1@x.com"));

    expect(params).toEqual({ token: 'tok_en-1', email: "o'neil+1@x.com" });
  });

  it('open the set-password screen with the address, the names (a missing one as its placeholder) and the token', () => {
    const { params, query } = open(setPasswordRoute, setPasswordLink('t/k=1', 'ann+1@x.com', 'José María', ''));

    expect(params).toEqual({ email: 'ann+1@x.com', firstname: 'José María', lastname: 'LN' });
    expect(query.get(SET_PASSWORD_TOKEN_PARAM)).toBe('t/k=1');
  });
});
