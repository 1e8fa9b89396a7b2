import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/** A GraphQL client over real HTTP that keeps cookies like a browser does. */
export type GraphQLAnswer<T> = {
  status: number;
  data?: T;
  errors?: { message: string; extensions?: { code?: string; field?: string } }[];
  setCookies: string[];
  headers: Headers;
};

export class GraphQLSession {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly gatewayUrl: string,
    /** Sent with every request, e.g. `x-forwarded-for` to call from another address through the trusted loopback proxy. */
    private readonly headers: Record<string, string> = {},
    /** How requests are sent: the global fetch, or one that connects from another local address (tests/support/cluster.ts). */
    private readonly send: typeof fetch = fetch,
  ) {}

  async request<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>): Promise<GraphQLAnswer<T>> {
    const response = await this.send(`${this.gatewayUrl}/graphql`, {
      method: 'POST',
      headers: { ...this.headers, 'content-type': 'application/json', cookie: this.cookieHeader() },
      body: JSON.stringify({ query, variables }),
    });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair = ''] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      const text = value.join('=');
      if (text) this.cookies.set(name, text);
      else this.cookies.delete(name);
    }
    const body = (await response.json()) as Omit<GraphQLAnswer<T>, 'status' | 'setCookies' | 'headers'>;
    return { status: response.status, ...body, setCookies, headers: response.headers };
  }

  /** A GET of a gateway address with this session's cookies and headers, as a browser opening it. */
  get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.send(`${this.gatewayUrl}${path}`, { headers: { ...this.headers, cookie: this.cookieHeader(), ...headers } });
  }

  /** Fetches a captcha challenge and solves it, as the invisible widget does in the browser. */
  async captcha(): Promise<string> {
    const answer = await this.request<{ captchaChallenge: string }>('{ captchaChallenge }');
    const challenge = JSON.parse(answer.data!.captchaChallenge) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  async signIn(email: string, password = DEMO_PASSWORD) {
    return this.request<SignInData>(SIGN_IN, { input: { email, password, captcha: await this.captcha() } });
  }

  /** The same cookies and headers sent to another gateway (a console started on a restored backup). */
  at(gatewayUrl: string): GraphQLSession {
    const copy = new GraphQLSession(gatewayUrl, this.headers, this.send);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export const DEMO_PASSWORD = 'Admin@123';

export const SIGN_IN = /* GraphQL */ `
  mutation SignIn($input: SignInInput!) {
    signIn(input: $input) {
      viewer {
        id
        email
        typeOfUser
        landingPath
        menu {
          path
          name
        }
        organization {
          id
          companyName
          contactName
        }
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

export const VIEWER = /* GraphQL */ `
  query {
    viewer {
      id
      email
      typeOfUser
      organization {
        id
        companyName
      }
    }
  }
`;

export type SignInData = {
  signIn: {
    viewer: {
      email: string;
      typeOfUser: string;
      landingPath: string;
      menu: { path: string; name: string }[];
      organization: { id: string; companyName: string; contactName: string | null };
    } | null;
    errors: { code: string; field: string | null; message: string }[];
  };
};

export async function signedIn(gatewayUrl: string, email: string, password = DEMO_PASSWORD): Promise<GraphQLSession> {
  const session = new GraphQLSession(gatewayUrl);
  const answer = await session.signIn(email, password);
  if (answer.data?.signIn.errors.length !== 0) throw new Error(`could not sign in as ${email}: ${JSON.stringify(answer)}`);
  return session;
}
