import { createHash } from 'node:crypto';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { describeError, requestFailure } from '@yozy/shared';
import { requestRecord } from '@yozy/shared/requestLog';
import { HttpError } from '#http/errors';

/** The schema URNs of RFC 7643 and 7644 the service speaks. */
export const SCHEMA = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

export const SCIM_CONTENT_TYPE = 'application/scim+json';

/** The detail types of RFC 7644 section 3.12 the service answers with. */
export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive';

/** A refusal as SCIM answers it: an HTTP status, a detail type where RFC 7644 has one, and words a person reads. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly scimType?: ScimType,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (scimType: ScimType, message: string) => new ScimError(400, message, scimType);
export const notFound = (what: string) => new ScimError(404, `${what} not found`);

/** The answer as `application/scim+json`, with the resource's version as its ETag when it has one. */
export function answer(res: Response, status: number, body: unknown): void {
  const version = (body as { meta?: { version?: string } } | null)?.meta?.version;
  if (version) res.setHeader('ETag', version);
  res.status(status).type(SCIM_CONTENT_TYPE).send(JSON.stringify(body));
}

/** RFC 7644 section 3.4.2: a ListResponse of one page of `totalResults` resources, the first of them the `startIndex`th. */
export function answerList(res: Response, resources: unknown[], totalResults = resources.length, startIndex = 1): void {
  answer(res, 200, { schemas: [SCHEMA.listResponse], totalResults, startIndex, itemsPerPage: resources.length, Resources: resources });
}

/** A resource as the request's `attributes` and `excludedAttributes` ask for it (see `project`). */
export const projectAsAsked = (resource: Record<string, unknown>, query: Record<string, unknown>) =>
  project(resource, queryText(query, 'attributes'), queryText(query, 'excludedAttributes'));

/** A resource's version (a weak ETag) from the time it last changed. */
export function versionOf(lastModified: Date | string): string {
  const instant = new Date(lastModified).toISOString();
  return `W/"${createHash('sha256').update(instant).digest('base64url').slice(0, 16)}"`;
}

/**
 * RFC 7644 section 3.14: a change sent with If-Match applies only to the version it names (or any
 * with `*`); another answers 412 and changes nothing.
 */
export function requireVersion(ifMatch: string | undefined, current: string): void {
  if (!ifMatch) return;
  const tags = ifMatch.split(',').map((tag) => tag.trim());
  if (tags.includes('*')) return;
  const weak = (tag: string) => tag.replace(/^W\//, '');
  if (!tags.some((tag) => weak(tag) === weak(current))) {
    throw new ScimError(412, 'The resource changed since that version was read (If-Match): read it again and retry');
  }
}

/** What a SCIM request's body may be: SCIM's own media type or plain JSON; anything else is refused. */
export const scimBodies: RequestHandler = (req, _res, next) => {
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0;
  if (hasBody && !req.is(['application/scim+json', 'application/json'])) {
    throw new ScimError(415, 'Send the body as application/scim+json or application/json');
  }
  next();
};

/** A body that is not a JSON object is no SCIM request. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('invalidSyntax', 'The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/** Refuses text PostgreSQL cannot keep (NUL) anywhere in the body, as a SCIM error. */
export function refuseNul(value: unknown): void {
  const pending: unknown[] = [value];
  while (pending.length) {
    const current = pending.pop();
    if (typeof current === 'string' && current.includes('\0')) throw badRequest('invalidValue', 'Text cannot contain the NUL character');
    if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\0')) throw badRequest('invalidValue', 'Text cannot contain the NUL character');
        pending.push(item);
      }
    }
  }
}

/** The console's own refusals (seats, the lifecycle, the last admin) as SCIM errors. */
function fromHttpError(error: HttpError): ScimError {
  switch (error.code) {
    case 'NOT_FOUND':
      return new ScimError(404, error.message);
    case 'CONFLICT':
    case 'SEAT_LIMIT':
      return new ScimError(409, error.message);
    case 'UNAUTHENTICATED':
      return new ScimError(401, error.message, undefined, error.headers);
    case 'FORBIDDEN':
      return new ScimError(403, error.message);
    case 'PAYLOAD_TOO_LARGE':
      return new ScimError(413, error.message);
    case 'UNSUPPORTED_MEDIA_TYPE':
      return new ScimError(415, error.message);
    case 'INTERNAL':
      return new ScimError(500, error.message);
    default:
      return new ScimError(400, error.message, 'invalidValue');
  }
}

/** Every failure of a SCIM request as RFC 7644's error message; only our own failures are a 500, and they say nothing more. */
export const scimErrors: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
  let known: ScimError | null = null;
  if (error instanceof ScimError) known = error;
  else if (error instanceof HttpError) known = fromHttpError(error);
  else {
    const failure = requestFailure(error);
    if (failure) {
      known = new ScimError(failure.status, failure.message, failure.status === 400 ? 'invalidSyntax' : undefined);
    }
  }
  const record = requestRecord(res);
  if (!known || known.status >= 500) record.failure = describeError(error);
  const scimError = known ?? new ScimError(500, 'Something went wrong on our side');
  record.errors = [scimError.scimType ?? String(scimError.status)];
  if (scimError.headers) res.set(scimError.headers);
  answer(res, scimError.status, {
    schemas: [SCHEMA.error],
    status: String(scimError.status),
    ...(scimError.scimType ? { scimType: scimError.scimType } : {}),
    detail: scimError.message,
  });
};

/**
 * RFC 7644 section 3.9: `attributes` keeps only the named attributes (and those always returned:
 * schemas, id, meta), `excludedAttributes` drops the named ones. Names are case-insensitive, may
 * carry their schema's URN, and may name a sub-attribute (`name.givenName`).
 */
export function project(resource: Record<string, unknown>, attributes?: string, excluded?: string): Record<string, unknown> {
  const names = (list?: string) =>
    (list ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .map(splitPath);
  const keep = names(attributes);
  const drop = names(excluded);
  const ALWAYS = new Set(['schemas', 'id', 'meta']);
  let result: Record<string, unknown> = resource;
  if (keep.length) {
    result = {};
    for (const [key, value] of Object.entries(resource)) {
      if (ALWAYS.has(key)) {
        result[key] = value;
        continue;
      }
      const wanted = keep.filter((path) => matches(path, key));
      if (wanted.length === 0) continue;
      if (wanted.some((path) => path.sub === null) || typeof value !== 'object' || value === null || Array.isArray(value)) {
        result[key] = wanted.some((path) => path.sub === null) ? value : subAttributes(value, wanted);
      } else {
        result[key] = subAttributes(value, wanted);
      }
    }
  }
  if (drop.length) {
    result = { ...result };
    for (const key of Object.keys(result)) {
      if (ALWAYS.has(key)) continue;
      const unwanted = drop.filter((path) => matches(path, key));
      if (unwanted.some((path) => path.sub === null)) delete result[key];
      else if (unwanted.length && typeof result[key] === 'object' && result[key] !== null && !Array.isArray(result[key])) {
        const copy = { ...(result[key] as Record<string, unknown>) };
        for (const path of unwanted) for (const name of Object.keys(copy)) if (name.toLowerCase() === path.sub) delete copy[name];
        result[key] = copy;
      }
    }
  }
  return result;
}

type AttributePath = { urn: string | null; attribute: string; sub: string | null };

/** `urn:…:User:name.givenName` → the URN, `name`, `givenname` (lower case). */
function splitPath(path: string): AttributePath {
  const lower = path.toLowerCase();
  const urnEnd = lower.startsWith('urn:') ? lower.lastIndexOf(':') : -1;
  const urn = urnEnd >= 0 ? lower.slice(0, urnEnd) : null;
  const [attribute = '', sub = null] = lower.slice(urnEnd + 1).split('.');
  // An extension's URN alone names the whole extension.
  if (urn && Object.values(SCHEMA).some((schema) => schema.toLowerCase() === lower)) return { urn: null, attribute: lower, sub: null };
  return { urn, attribute, sub };
}

function matches(path: AttributePath, key: string): boolean {
  const lowerKey = key.toLowerCase();
  if (path.urn && lowerKey === path.urn) return true;
  return lowerKey === path.attribute;
}

function subAttributes(value: unknown, paths: AttributePath[]): unknown {
  const pick = (item: Record<string, unknown>) => {
    const subs = paths.map((path) => path.sub ?? path.attribute);
    return Object.fromEntries(Object.entries(item).filter(([name]) => subs.includes(name.toLowerCase())));
  };
  if (Array.isArray(value))
    return value.map((item) => (typeof item === 'object' && item !== null ? pick(item as Record<string, unknown>) : item));
  if (typeof value === 'object' && value !== null) {
    // An extension's attributes (urn:…:User:department) are named after its URN.
    const urnPaths = paths.filter((path) => path.urn);
    if (urnPaths.length) {
      const subs = urnPaths.map((path) => path.attribute);
      return Object.fromEntries(Object.entries(value).filter(([name]) => subs.includes(name.toLowerCase())));
    }
    return pick(value as Record<string, unknown>);
  }
  return value;
}

/** RFC 7644 section 3.4.2.4: a 1-based start (below 1 counts as 1) and how many, at most `max` (0: only the total). */
export function pageOf(query: Record<string, unknown>, max: number): { offset: number; limit: number } {
  const number = (value: unknown, name: string): number | null => {
    if (value === undefined || value === '') return null;
    if (typeof value !== 'string' || !/^-?\d{1,9}$/.test(value)) throw badRequest('invalidValue', `${name} must be a whole number`);
    return Number(value);
  };
  const start = number(query.startIndex, 'startIndex') ?? 1;
  const count = number(query.count, 'count') ?? max;
  return { offset: Math.max(start, 1) - 1, limit: Math.min(Math.max(count, 0), max) };
}

/** A SCIM attribute's boolean, sent as a boolean or, as Entra ID sends it, the string "True" or "False". */
export function booleanOf(value: unknown, name: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw badRequest('invalidValue', `${name} must be true or false`);
}

/** The query string's one value of a name (a name sent twice is refused). */
export function queryText(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest('invalidValue', `${name} must be given once`);
  return value;
}
