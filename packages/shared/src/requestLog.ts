import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type DestinationStream, type Logger } from 'pino';

export type { DestinationStream, Logger } from 'pino';

/**
 * Every request carries an id: answered in this header, put in the `extensions.requestId` of every
 * GraphQL error, sent on to the REST service and written on each service's log line, so one
 * failed click can be followed through both services.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Who made a request: a signed-in person, an internal tool's API key, or nobody yet. */
export type CallerKind = 'person' | 'key' | 'provisioning' | 'anonymous';

/** What a request's log line says, filled in by the service as it learns it. */
export type RequestRecord = {
  requestId: string;
  /** The GraphQL operation name at the gateway; method and route path at the REST service. */
  operation?: string | null;
  caller?: CallerKind;
  organizationId?: number | string | null;
  /** The error codes answered, if any. */
  errors?: string[];
  /** What went wrong on our side, as `describeError` tells it without the data of the request. */
  failure?: string;
};

/** An id a client chose is kept only when it cannot smuggle anything into a log or a header. */
const USABLE_ID = /^[\w.:-]{1,128}$/;

/**
 * A JSON logger that never writes credentials or personal data: the request lines name no
 * header and no body, and these fields are censored should anything ever hand them over.
 *
 * Without a destination it writes to standard output asynchronously: a line is handed to the
 * operating system from libuv's threads, lines logged meanwhile go together, and what is left is
 * written out as the process exits (pino flushes it). Written synchronously, one write call a
 * line held the service's only thread for a third of its busy time under load.
 */
export function createLogger(service: string, level: LogLevel = 'info', destination?: DestinationStream): Logger {
  const secrets = ['password', 'token', 'authorization', 'cookie', 'headers', 'body', 'html', 'text'];
  return pino(
    {
      level,
      base: { service },
      redact: { paths: [...secrets, ...secrets.map((name) => `*.${name}`)], censor: '[redacted]' },
    },
    destination ?? (level === 'silent' ? undefined : standardOutput()),
  );
}

/** Standard output, written asynchronously (see createLogger). */
const standardOutput = () => pino.destination({ dest: 1, sync: false });

const records = new WeakMap<ServerResponse, RequestRecord>();

/**
 * The record of a request under way, for the parts of a service that learn its operation, caller
 * or outcome; a response `logRequests` has not seen (a unit test's own) gets one of its own.
 */
export function requestRecord(res: ServerResponse): RequestRecord {
  let record = records.get(res);
  if (!record) {
    record = { requestId: randomUUID() };
    records.set(res, record);
  }
  return record;
}

/** The line written when a request ends. */
export type RequestLine = {
  requestId: string;
  operation: string | null;
  caller: CallerKind;
  organizationId: number | string | null;
  durationMs: number;
  status: number | 'aborted';
  errors?: string[];
  failure?: string;
};

export type RequestLogOptions = {
  /** Whether this request comes from whom a sent request id is believed: a trusted proxy, the gateway. */
  trustsSentId(req: IncomingMessage): boolean;
  /** What only the end of the request tells, such as the route it took. */
  atEnd?(req: IncomingMessage, res: ServerResponse, record: RequestRecord): void;
  /** Sees every line as it is written (the metrics count requests from it). */
  observe?(line: RequestLine): void;
};

/**
 * Gives each request its id (the one sent, when its sender is trusted; otherwise a new one),
 * answers it in `X-Request-Id`, and writes one line when the request ends.
 */
export function logRequests(logger: Logger, { trustsSentId, atEnd, observe }: RequestLogOptions) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const started = performance.now();
    const sent = req.headers[REQUEST_ID_HEADER];
    const requestId = typeof sent === 'string' && USABLE_ID.test(sent) && trustsSentId(req) ? sent : randomUUID();
    const record: RequestRecord = { requestId };
    records.set(res, record);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    res.once('close', () => {
      atEnd?.(req, res, record);
      const status = res.writableFinished ? res.statusCode : 'aborted';
      const line: RequestLine = {
        requestId,
        operation: record.operation ?? null,
        caller: record.caller ?? 'anonymous',
        organizationId: record.organizationId ?? null,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        status,
        ...(record.errors?.length ? { errors: record.errors } : {}),
        ...(record.failure ? { failure: record.failure } : {}),
      };
      if (record.failure || (typeof status === 'number' && status >= 500)) logger.error(line, 'request failed');
      else logger.info(line, 'request');
      observe?.(line);
    });
    next();
  };
}
