import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A person the identity provider signs in. `amr` and `acr` say how they signed in there (a
 * password only, unless told); `claims` replaces any claim the provider sends about them, such
 * as an unverified or malformed email, for tests of what the console accepts.
 */
export type IdentityProviderPerson = {
  email: string;
  givenName?: string;
  familyName?: string;
  amr?: string[];
  acr?: string;
  claims?: Record<string, unknown>;
};

export type IdentityProvider = {
  /** The issuer's address, http on loopback. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next sign-in at the provider is, as if they had typed their password there. */
  signInAs(person: IdentityProviderPerson): void;
  /**
   * Follows a browser's way from the authorization address through the provider, with its
   * cookies, to the redirect back to the console; answers that redirect's address.
   */
  followToCallback(authorizationUrl: string): Promise<string>;
  close(): Promise<void>;
};

/**
 * A real OpenID Connect provider (`oidc-provider`) on loopback for the single sign-on tests: one
 * client for the console with `redirectUri`, PKCE required, and its sign-in page replaced by
 * `signInAs`, which signs in and consents at once, so a browser or a test's fetch goes straight
 * through to the callback.
 */
export async function startIdentityProvider(options: { redirectUri: string; codeTtlSeconds?: number }): Promise<IdentityProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'yozy-console';
  const clientSecret = 'identity-provider-test-secret-0123456789';
  const people = new Map<string, IdentityProviderPerson>();
  let next: IdentityProviderPerson | null = null;

  // A signing key of its own for each start, as a real provider has.
  const signingKey = {
    ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
    kid: 'test',
    alg: 'RS256',
    use: 'sig',
  };
  const provider = new Provider(issuer, {
    jwks: { keys: [signingKey] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub', 'acr', 'amr'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    ttl: { AuthorizationCode: options.codeTtlSeconds ?? 60, IdToken: 600, AccessToken: 600, Interaction: 600, Session: 600, Grant: 600 },
    cookies: { keys: ['identity-provider-test-cookie-key'] },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const person = people.get(sub) ?? { email: sub };
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: person.email,
          email_verified: true,
          given_name: person.givenName,
          family_name: person.familyName,
          ...person.claims,
        }),
      };
    },
  });
  // oidc-provider refuses http issuers' cookies unless told the connection is as it is.
  provider.proxy = true;

  const callback = provider.callback();
  server.on('request', (req, res) => {
    const match = /^\/interaction\/([^/?]+)/.exec(req.url ?? '');
    if (!match) return void callback(req, res);
    void (async () => {
      const person = next;
      if (!person) {
        res.writeHead(403).end('Nobody to sign in: call signInAs first');
        return;
      }
      // An account id of the provider's own: the email may be anything a test sends.
      const accountId = `person-${people.size + 1}`;
      people.set(accountId, person);
      const details = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId, amr: person.amr ?? ['pwd'], ...(person.acr ? { acr: person.acr } : {}) }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(person) {
      next = person;
    },
    async followToCallback(authorizationUrl) {
      const cookies = new Map<string, string>();
      let url = authorizationUrl;
      for (let hop = 0; hop < 10; hop++) {
        if (url.startsWith(options.redirectUri)) return url;
        const answer = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const line of answer.headers.getSetCookie()) {
          const [pair = ''] = line.split(';');
          const [name = '', ...value] = pair.split('=');
          cookies.set(name.trim(), value.join('='));
        }
        const location = answer.headers.get('location');
        if (!location) throw new Error(`The identity provider answered ${answer.status} without a redirect: ${await answer.text()}`);
        url = new URL(location, url).href;
      }
      throw new Error('Too many redirects at the identity provider');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
