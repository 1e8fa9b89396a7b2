import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import type { Database } from '#db/database';
import type { Mailer } from '#mail/mailer';
import type { SecretBox } from '#security/secretBox';
import type { Answer, DocumentSpec, Method, Operation } from '#openapi/build';
import { BAD_LIST_QUERY, FOR_SUPER_ADMINS, FOR_THE_GATEWAY, listAnswer, listParameters, NO_SESSION, NOT_AN_ADMIN } from './answers';
import { authenticate, requireAdmin, requirePerson, requireSuperAdmin, viewerOf, type Viewer } from './auth';
import { requireFromGateway } from './gateway';
import { IDEMPOTENCY_KEY_PARAMETER, IDEMPOTENCY_REFUSAL, idempotent } from './idempotency';
import { listResource, type ResourceDefinition } from './resource';

/** What the handlers work with, made once for the app. */
export type Services = {
  db: Database;
  mailer: Mailer;
  /** Seals secrets kept at rest (two-factor secrets, identity providers' and mail servers' secrets). */
  secretBox: SecretBox;
  /** The standard web product's address when the product master cannot be read. */
  webProductUrl?: string;
  /** Lets single sign-on issuers be http: an identity provider on this machine (tests, local trials). */
  allowHttpIssuers: boolean;
  /** Lets organisations' mail servers and identity providers be on a private network or this machine. */
  allowPrivateNetwork: boolean;
  /** The DNS servers that domain verification asks; the system's resolver when empty. */
  dnsServers: string[];
};

/**
 * Who may call an operation: anyone; only the gateway, with its service credential (sign-in, the
 * account flows, captcha replay protection, sign-up: the gateway checks the captcha and counts
 * attempts before it calls them, so a caller reaching this service directly must not get around
 * that); anyone signed in or holding an API key; a signed-in person but no tool's key, or such a
 * person through the gateway only; an organisation's admins and the provider's SuperAdmins, only
 * the SuperAdmins, or only SuperAdmins (or admins) signed in in person. Each comes with the checks
 * that keep it and the refusals they answer, which an operation documents unless it says more of
 * them; `signedIn: false` is served before any session is looked for.
 */
const ACCESS = {
  public: { signedIn: false, guards: [], refusals: {} },
  gateway: { signedIn: false, gateway: true, guards: [requireFromGateway], refusals: { 401: FOR_THE_GATEWAY } },
  session: { signedIn: true, guards: [], refusals: { 401: NO_SESSION } },
  person: { signedIn: true, guards: [requirePerson], refusals: { 401: NO_SESSION } },
  personThroughGateway: { signedIn: true, gateway: true, guards: [requireFromGateway, requirePerson], refusals: { 401: NO_SESSION } },
  admin: { signedIn: true, guards: [requireAdmin], refusals: { 401: NO_SESSION, 403: NOT_AN_ADMIN } },
  superAdmin: { signedIn: true, guards: [requireSuperAdmin], refusals: { 401: NO_SESSION, 403: FOR_SUPER_ADMINS } },
  superAdminInPerson: { signedIn: true, guards: [requireSuperAdmin, requirePerson], refusals: { 401: NO_SESSION } },
  adminInPerson: { signedIn: true, guards: [requireAdmin, requirePerson], refusals: { 401: NO_SESSION } },
} satisfies Record<string, { signedIn: boolean; gateway?: true; guards: RequestHandler[]; refusals: Record<number, Answer> }>;

export type Access = keyof typeof ACCESS;

export type Handler = (req: Request, res: Response, services: Services) => unknown;

/**
 * An operation of the REST contract: where it is, who may call it, what it takes and answers, and
 * its handler. A creating operation says `idempotent`: it takes an `Idempotency-Key` header and
 * does one create per key (idempotency.ts). One that takes a JSON body larger than BODY_LIMIT says
 * how large (`bodyLimit`, as Express's body parser writes it: '1mb').
 */
export type Route = Omit<Operation, 'public' | 'gateway'> & {
  method: Method;
  path: string;
  access: Access;
  idempotent?: true;
  bodyLimit?: string;
  handler: Handler;
};

/** The largest JSON body an operation takes unless it says otherwise (`bodyLimit`). */
const BODY_LIMIT = '100kb';

/** Reads JSON bodies: up to an operation's own `bodyLimit` for it, up to BODY_LIMIT for everything else. */
export function readJsonBodies(app: Express, routes: readonly Route[]): void {
  const usual = express.json({ limit: BODY_LIMIT });
  const own = new Map(
    routes
      .filter(({ bodyLimit }) => bodyLimit)
      .map(({ method, path, bodyLimit }) => {
        if (path.includes(':')) throw new Error(`${path}: an operation with its own bodyLimit has a path without parameters`);
        return [`${method.toUpperCase()} ${path}`, express.json({ limit: bodyLimit })];
      }),
  );
  app.use((req, res, next) => (own.get(`${req.method} ${req.path}`) ?? usual)(req, res, next));
}

/** Declares an operation beside its handler; the app serves it and the OpenAPI document describes it from this one place. */
export function route(operation: Omit<Route, 'handler'>, handler: Handler): Route {
  return { ...operation, handler };
}

/**
 * Lists a resource: its fields are the query string's filters, `rows` (described) answer with
 * `record` each, `scope` may add to the query before it is read (an organisation's own rows), and
 * `complete` may add to the rows of the page read (what a join per row of the whole list would cost too much for).
 */
export function listRoute({
  resource,
  rows,
  record,
  scope = (req) => req,
  complete,
  ...operation
}: Omit<Route, 'method' | 'parameters' | 'responses' | 'handler'> &
  Partial<Pick<Route, 'responses'>> & {
    resource: ResourceDefinition;
    rows: string;
    record: z.core.$ZodType;
    scope?: (req: Request, res: Response) => Request;
    complete?: (db: Services['db'], rows: Record<string, unknown>[], viewer: Viewer) => Promise<unknown[]>;
  }): Route {
  return route(
    {
      ...operation,
      method: 'get',
      parameters: listParameters(resource.fields),
      responses: { 200: listAnswer(rows, record), 400: BAD_LIST_QUERY, ...operation.responses },
    },
    async (req, res, { db }) => {
      const viewer = ACCESS[operation.access].signedIn ? viewerOf(res) : null;
      const found = await listResource(db, resource, scope(req, res), res, viewer);
      res.json(complete && viewer ? await complete(db, found, viewer) : found);
    },
  );
}

/**
 * Serves the routes: those for callers not signed in first, then, for everything after them (an
 * unknown path too), a live session or API key, and the routes that need one behind the checks of
 * their access.
 */
export function serveRoutes(app: Express, routes: readonly Route[], services: Services): void {
  const serve = ({ method, path, access, idempotent: once, handler }: Route) =>
    app[method](
      path,
      ...ACCESS[access].guards,
      ...(once ? [idempotent(services.db, services.secretBox, `${method.toUpperCase()} ${path}`)] : []),
      (req: Request, res: Response) => handler(req, res, services),
    );
  routes.filter((r) => !ACCESS[r.access].signedIn).forEach(serve);
  app.use(authenticate(services.db));
  routes.filter((r) => ACCESS[r.access].signedIn).forEach(serve);
}

/** The operations of the OpenAPI document, by path and method, with the refusals of their access. */
const IDEMPOTENCY_REFUSALS: Record<number, Answer> = { 409: IDEMPOTENCY_REFUSAL };

export function documentedPaths(routes: readonly Route[]): DocumentSpec['paths'] {
  const paths: DocumentSpec['paths'] = {};
  for (const { method, path, access, idempotent: once, bodyLimit: _limit, handler: _handler, ...operation } of routes) {
    const { signedIn, ...who } = ACCESS[access];
    paths[path] ??= {};
    paths[path][method] = {
      ...operation,
      ...(signedIn ? {} : { public: true }),
      ...('gateway' in who ? { gateway: true } : {}),
      ...(once ? { parameters: [...(operation.parameters ?? []), IDEMPOTENCY_KEY_PARAMETER] } : {}),
      responses: { ...ACCESS[access].refusals, ...(once ? IDEMPOTENCY_REFUSALS : {}), ...operation.responses },
    };
  }
  return paths;
}
