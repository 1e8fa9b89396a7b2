import type { RequestHandler, Request } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { Kind, parse, type DocumentNode, type FieldNode, type ValueNode } from 'graphql';
import { Redis } from 'ioredis';
import { RedisStore } from 'rate-limit-redis';

const MINUTE = 60_000;

/** The public mutations that guess or send something, and the input field naming the account. */
const ACCOUNT_FIELD = {
  signIn: 'email',
  requestPasswordReset: 'email',
  resetPassword: 'email',
  setPassword: 'email',
  submitEnquiry: 'adminEmail',
} as const;

export type LimitedOperation = keyof typeof ACCOUNT_FIELD;
export type Limit = { windowMs: number; perIp: number; perAccount: number };
export type RateLimits = Record<LimitedOperation, Limit>;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signIn: { windowMs: 15 * MINUTE, perIp: 50, perAccount: 10 },
  requestPasswordReset: { windowMs: 60 * MINUTE, perIp: 10, perAccount: 3 },
  resetPassword: { windowMs: 15 * MINUTE, perIp: 20, perAccount: 10 },
  setPassword: { windowMs: 15 * MINUTE, perIp: 20, perAccount: 10 },
  submitEnquiry: { windowMs: 60 * MINUTE, perIp: 10, perAccount: 3 },
};

type Call = { operation: LimitedOperation; account: string | null };

/**
 * Rate limits per IP and per account on the public mutations, in front of GraphQL. Counters live in
 * memory, or in Redis when a URL is given so that every gateway instance shares them.
 */
export function rateLimits(limits: RateLimits, redisUrl?: string): RequestHandler[] {
  const redis = redisUrl ? new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null;
  const store = (prefix: string): Store | undefined =>
    redis
      ? new RedisStore({
          prefix: `yozy:rl:${prefix}:`,
          sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as never,
        })
      : undefined;

  return (Object.keys(limits) as LimitedOperation[]).flatMap((operation) => {
    const limit = limits[operation];
    const calls = (req: Request) => callsOf(req).filter((call) => call.operation === operation);
    const common = {
      windowMs: limit.windowMs,
      standardHeaders: 'draft-7' as const,
      legacyHeaders: false,
      handler: tooMany,
    };
    return [
      rateLimit({
        ...common,
        limit: limit.perIp,
        store: store(`${operation}:ip`),
        skip: (req) => calls(req).length === 0,
        keyGenerator: (req) => ipKeyGenerator(req.ip ?? 'unknown'),
      }),
      rateLimit({
        ...common,
        limit: limit.perAccount,
        store: store(`${operation}:account`),
        skip: (req) => !calls(req).some((call) => call.account),
        keyGenerator: (req) => calls(req).find((call) => call.account)!.account!,
      }),
    ];
  });
}

const tooMany: RequestHandler = (req, res) => {
  const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
  const minutes = Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now() + MINUTE) - Date.now()) / MINUTE));
  res.status(429).json({
    errors: [
      {
        message: `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        extensions: { code: 'RATE_LIMITED', retryAfterMinutes: minutes },
      },
    ],
  });
};

const parsed = new WeakMap<Request, Call[]>();

/** The limited mutations a GraphQL request calls, with the account each names; parsed once per request. */
export function callsOf(req: Request): Call[] {
  let calls = parsed.get(req);
  if (!calls) {
    calls = findCalls(req.body);
    parsed.set(req, calls);
  }
  return calls;
}

function findCalls(body: unknown): Call[] {
  const { query, variables, operationName } = (body ?? {}) as { query?: unknown; variables?: unknown; operationName?: unknown };
  if (typeof query !== 'string') return [];
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: 2000 });
  } catch {
    return []; // GraphQL itself answers the syntax error
  }
  const vars = typeof variables === 'object' && variables !== null ? (variables as Record<string, unknown>) : {};
  return document.definitions
    .filter((d) => d.kind === Kind.OPERATION_DEFINITION && d.operation === 'mutation')
    .filter((d) => !operationName || (d.kind === Kind.OPERATION_DEFINITION && d.name?.value === operationName))
    .flatMap((d) => (d.kind === Kind.OPERATION_DEFINITION ? d.selectionSet.selections : []))
    .filter((s): s is FieldNode => s.kind === Kind.FIELD && s.name.value in ACCOUNT_FIELD)
    .map((field) => {
      const operation = field.name.value as LimitedOperation;
      const input = field.arguments?.find((a) => a.name.value === 'input')?.value;
      const account = valueOf(input, vars)?.[ACCOUNT_FIELD[operation]];
      return { operation, account: typeof account === 'string' && account.trim() ? account.trim().toLowerCase() : null };
    });
}

function valueOf(node: ValueNode | undefined, variables: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!node) return undefined;
  if (node.kind === Kind.VARIABLE) {
    const value = variables[node.name.value];
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  }
  if (node.kind !== Kind.OBJECT) return undefined;
  return Object.fromEntries(
    node.fields.map((f) => [
      f.name.value,
      f.value.kind === Kind.STRING ? f.value.value : f.value.kind === Kind.VARIABLE ? variables[f.value.name.value] : undefined,
    ]),
  );
}
