import type { ApolloServer } from '@apollo/server';
import type { CaptchaVerdict } from '#captcha';
import type { GatewayContext } from '#context';
import type { DataSources } from '#datasources/index';
import type { Client, Profile } from '#datasources/types';
import { DEFAULT_RATE_LIMITS } from '#rateLimitPolicies';
import { createRateLimiter, type RateLimiter } from '#rateLimits';
import { createGraphQLServer } from '#server';

/**
 * Resolver tests run real GraphQL operations (`executeOperation`) against data sources faked per
 * test: only the REST calls a test expects are given; any other call fails the test loudly.
 */
type Methods<T> = { [K in keyof T as T[K] extends (...args: never[]) => unknown ? K : never]: T[K] };
export type FakeSources = { [Domain in keyof DataSources]?: Partial<Methods<DataSources[Domain]>> };

export function fakeSources(fakes: FakeSources = {}): DataSources {
  const domain = (name: keyof DataSources) =>
    new Proxy(fakes[name] ?? {}, {
      get(target, method: string) {
        const fake = (target as Record<string, unknown>)[method];
        if (fake) return fake;
        return () => Promise.reject(new Error(`unexpected REST call ${name}.${method}`));
      },
    });
  return {
    account: domain('account'),
    catalogue: domain('catalogue'),
    enquiry: domain('enquiry'),
    group: domain('group'),
    projects: domain('projects'),
    licence: domain('licence'),
    organization: domain('organization'),
    insights: domain('insights'),
    sessions: domain('sessions'),
    platform: domain('platform'),
    users: domain('users'),
    audit: domain('audit'),
    settings: domain('settings'),
    twoFactor: domain('twoFactor'),
    signInActivity: domain('signInActivity'),
    webhooks: domain('webhooks'),
  } as unknown as DataSources;
}

export type FakeContext = GatewayContext & { sessionEvents: string[] };

export function fakeContext(
  options: {
    viewer?: Profile | null;
    sources?: FakeSources;
    captcha?: CaptchaVerdict;
    /** Shared by the contexts of one test to see counting across requests; a fresh one with the default limits otherwise. */
    limiter?: RateLimiter;
    clientAddress?: string;
    /** The call comes with an API key rather than a session. */
    usesApiKey?: boolean;
    /** The step of a sign-in in progress in the browser (its cookie). */
    signInStep?: string | null;
    /** The browser's device cookie for whatever account it names (its id). */
    device?: string | null;
  } = {},
): FakeContext {
  const sessionEvents: string[] = [];
  let viewer = options.viewer ?? null;
  let step = options.signInStep ?? null;
  return {
    request: { requestId: 'test-request' },
    dataSources: fakeSources(options.sources),
    captcha: {
      challenge: () => Promise.reject(new Error('no challenge in resolver tests')),
      verify: async () => options.captcha ?? 'ok',
    },
    limiter: options.limiter ?? createRateLimiter(DEFAULT_RATE_LIMITS),
    clientAddress: options.clientAddress ?? '127.0.0.1',
    devices: { trusted: () => options.device ?? null },
    usesApiKey: options.usesApiKey ?? false,
    publicUrl: 'http://127.0.0.1:4000',
    singleSignOn: {
      callbackUrl: 'http://127.0.0.1:4000/sso/callback',
      begin: (state) => sessionEvents.push(`sso ${state}`),
    },
    viewer: async () => viewer,
    session: {
      start({ token, user }) {
        sessionEvents.push(`start ${token} ${user.OfficialEmail}`);
        viewer = user;
      },
      end() {
        sessionEvents.push('end');
        viewer = null;
      },
    },
    signInStep: {
      current: () => step,
      begin(challenge) {
        sessionEvents.push(`step ${challenge}`);
        step = challenge;
      },
      end() {
        if (step) sessionEvents.push('step end');
        step = null;
      },
    },
    sessionEvents,
  };
}

let server: Promise<ApolloServer<GatewayContext>> | undefined;

/** Runs one operation through the gateway's own schema, resolvers and error formatting. */
export async function execute<Data = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown>,
  contextValue: GatewayContext,
): Promise<{ data?: Data | null; errors?: { message: string; extensions?: Record<string, unknown> }[] }> {
  server ??= (async () => {
    const created = createGraphQLServer();
    await created.start();
    return created;
  })();
  const response = await (await server).executeOperation<Data>({ query, variables }, { contextValue });
  if (response.body.kind !== 'single') throw new Error('expected a single result');
  const { data, errors } = response.body.singleResult;
  return { data, errors: errors?.map(({ message, extensions }) => ({ message, extensions: withoutRequestId(extensions, contextValue) })) };
}

/** Every error names the request's id; resolver tests assert the rest, so it is checked here once and taken off. */
function withoutRequestId(extensions: Record<string, unknown> | undefined, contextValue: GatewayContext) {
  const { requestId, ...rest } = extensions ?? {};
  if (requestId !== contextValue.request.requestId) throw new Error(`an error without the request's id: ${JSON.stringify(extensions)}`);
  return extensions && rest;
}

export const client = (id: number, name: string): Client => ({
  ClientId: id,
  ClientCompanyName: name,
  DateOnboarded: '2024-03-01',
  AddressLine1: null,
  AddressLine2: null,
  City: 'Springfield',
  State: null,
  Country: null,
  CountryCode: null,
  Pincode: null,
  ClientContactName: `${name} contact`,
  ClientDesignation: null,
  CurrencyCode: 'USD',
  ClientType: 'Enterprise',
  NatureOfBusiness: null,
  BusinessVertical: 'Industrial',
  ClientRevenueInUSD: 1000,
  IsActive: true,
  IsProvider: id === 1,
  DefaultRegions: ['us-east-1'],
  UserCount: 3,
  SeatsUsed: 2,
  SeatCapacity: 50,
  LicenceExpiresOn: '2027-03-01',
});

const ACME = client(2, 'Acme Corporation');
const GLOBEX = client(3, 'Globex Industries');
const PROVIDER = client(1, 'Yozy Technologies');

const profile = (id: number, email: string, TypeOfUser: Profile['TypeOfUser'], org: Client): Profile => ({
  ClientUserId: id,
  UUID: `00000000-0000-4000-8000-00000000000${id}`,
  UserFirstname: email.split('@')[0]!,
  UserLastname: 'Test',
  OfficialEmail: email,
  Phone: null,
  TypeOfUser,
  Role: null,
  ClientId: org.ClientId,
  OrgDetails: org,
});

/** One of each kind of caller, in organisations A (Acme) and B (Globex) and the provider's. */
export const CALLERS = {
  anonymous: null,
  memberOfA: profile(4, 'member@acme.local', 'User', ACME),
  orgAdminOfA: profile(2, 'admin@acme.local', 'OrgAdmin', ACME),
  orgAdminOfB: profile(3, 'admin@globex.local', 'OrgAdmin', GLOBEX),
  superAdmin: profile(1, 'admin@yozy.local', 'SuperAdmin', PROVIDER),
} as const;

export const ORGANIZATIONS = { A: ACME, B: GLOBEX, provider: PROVIDER };
