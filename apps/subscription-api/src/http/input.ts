import type { RequestHandler } from 'express';
import { HttpError } from './errors';

/** Every body this service reads is JSON; another kind would be read as no body at all. */
export const refuseOtherBodies: RequestHandler = (req, _res, next) => {
  // An empty body (Content-Length: 0, as a POST without one is sent) is no body at all.
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0;
  if (hasBody && !req.is('application/json')) {
    throw new HttpError('UNSUPPORTED_MEDIA_TYPE', `Unsupported Content-Type: send the body as application/json`);
  }
  next();
};

/**
 * Refuses a request whose query or JSON body holds the NUL character anywhere, in a name or a
 * value. PostgreSQL text cannot hold it, so such a value would fail in the database (a 500)
 * wherever it reached a query; refused here, the caller learns which field it was.
 */
export const refuseNulCharacters: RequestHandler = (req, _res, next) => {
  // A query parameter is named as sent, even when it was sent more than once.
  for (const [name, value] of Object.entries(req.query)) {
    if (name.includes('\0') || pathOfNul(value) !== null) throw refusal(name);
  }
  const found = pathOfNul(req.body);
  if (found !== null) throw refusal(found || undefined);
  next();
};

const refusal = (field: string | undefined) => new HttpError('BAD_REQUEST', 'Text cannot contain the NUL character', field);

/**
 * The dotted path of the first string holding NUL (`''` when the value itself is such a string),
 * or null. Walks without recursion: a deeply nested body must not overflow the stack.
 */
function pathOfNul(value: unknown): string | null {
  const pending: [value: unknown, path: string][] = [[value, '']];
  while (pending.length) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\0')) return path;
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        const itemPath = path ? `${path}.${key}` : key;
        if (key.includes('\0')) return itemPath;
        pending.push([item, itemPath]);
      }
    }
  }
  return null;
}
