/**
 * What went wrong reading a request before any route saw it, told to the caller: the errors of
 * Express's body parser (and of its file server) carry a `status` below 500 and often a `type`.
 * Both servers answer them with this status and message rather than a generic failure.
 */
export type RequestFailure = { status: number; message: string };

const BY_TYPE = new Map<string, (error: { charset?: unknown; encoding?: unknown }) => RequestFailure>([
  ['entity.parse.failed', () => ({ status: 400, message: 'Malformed JSON body' })],
  ['entity.too.large', () => ({ status: 413, message: 'Request body too large' })],
  ['request.size.invalid', () => ({ status: 400, message: 'The request body is not as long as its Content-Length says' })],
  ['request.aborted', () => ({ status: 400, message: 'The request body ended early' })],
  [
    'charset.unsupported',
    ({ charset }) => ({ status: 415, message: `Unsupported charset ${quoted(charset)}: send JSON in UTF-8 (charset=utf-8)` }),
  ],
  [
    'encoding.unsupported',
    ({ encoding }) => ({
      status: 415,
      message: `Unsupported Content-Encoding ${quoted(encoding)}: send the body as it is, or gzip, deflate or br`,
    }),
  ],
]);

/** The status and message for a caller's mistake found while reading the request; null for anything else. */
export function requestFailure(error: unknown): RequestFailure | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, type } = error as { status?: unknown; type?: unknown };
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  const byType = typeof type === 'string' ? BY_TYPE.get(type) : undefined;
  if (byType) return byType(error);
  return { status, message: MESSAGES.get(status) ?? 'The request could not be read' };
}

const MESSAGES = new Map([
  [400, 'The request could not be read'],
  [403, 'Not allowed'],
  [404, 'Not found'],
  [405, 'Method not allowed'],
  [412, 'A precondition of the request does not hold'],
  [416, 'The requested range is not available'],
]);

function quoted(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : 'of the request';
}
