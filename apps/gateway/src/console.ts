import { stat } from 'node:fs/promises';
import { extname, relative, resolve, sep } from 'node:path';
import express from 'express';
import { SESSION_COOKIE } from '@yozy/shared';

/** Content codings the build writes beside each text file, in the order we prefer to send them. */
const VARIANTS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

export type Coding = (typeof VARIANTS)[number]['coding'] | 'identity';

const SERVER_ORDER: readonly Coding[] = ['br', 'gzip', 'identity'];

/**
 * The coding to answer with, from the request's Accept-Encoding and the codings we have:
 * the client's highest quality wins, ties go to our order (br, gzip, identity). No header, or
 * nothing acceptable, means the file as it is: a console that answers 406 helps nobody.
 */
export function preferredCoding(acceptEncoding: string | undefined, available: readonly Coding[]): Coding {
  if (acceptEncoding === undefined) return 'identity';
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    const q = params.find((param) => /^q=/i.test(param));
    const value = q ? Number(q.slice(2)) : 1;
    quality.set(name.toLowerCase(), Number.isFinite(value) ? value : 0);
  }
  // identity is acceptable unless the client says otherwise, directly or through `*`.
  const qualityOf = (coding: Coding) => quality.get(coding) ?? quality.get('*') ?? (coding === 'identity' ? 1 : 0);
  let best: Coding = 'identity';
  let bestQuality = 0;
  for (const coding of SERVER_ORDER) {
    if (coding !== 'identity' && !available.includes(coding)) continue;
    const q = qualityOf(coding);
    if (q > bestQuality) [best, bestQuality] = [coding, q];
  }
  return best;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * The file under `root` that a URL path names, or null: never outside `root`, never a dot file
 * (the build's manifest stays private), never one of the compressed copies asked for directly.
 */
async function fileFor(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split('/').some((segment) => segment.startsWith('.'))) return null;
  if (VARIANTS.some((variant) => decoded.endsWith(variant.suffix))) return null;
  const file = resolve(root, `.${decoded}`);
  if (!file.startsWith(root + sep)) return null;
  return (await isFile(file)) ? file : null;
}

type Caching = { cacheControl: string } | { immutable: true };

/** Sends `file` (under `root`) in the best coding the client accepts, with the headers of the file itself. */
async function sendFile(
  req: express.Request,
  res: express.Response,
  next: express.NextFunction,
  root: string,
  file: string,
  caching: Caching,
) {
  const available: Coding[] = [];
  for (const variant of VARIANTS) if (await isFile(file + variant.suffix)) available.push(variant.coding);
  const coding = preferredCoding(req.get('accept-encoding'), available);
  const variant = VARIANTS.find((candidate) => candidate.coding === coding);

  // Caches must keep one copy per coding, and the copy sent as it is counts as one of them.
  if (available.length > 0) res.vary('Accept-Encoding');
  // The type of the file itself, whichever copy goes out.
  res.type(extname(file));
  if (variant) res.set('Content-Encoding', variant.coding);
  const options =
    'immutable' in caching
      ? { immutable: true, maxAge: '1y' }
      : { cacheControl: false, headers: { 'Cache-Control': caching.cacheControl } };

  // Relative to `root` and URL-encoded, as sendFile expects: it decodes the path once more.
  const path = relative(root, variant ? file + variant.suffix : file)
    .split(sep)
    .map(encodeURIComponent)
    .join('/');
  res.sendFile(path, { ...options, root }, (error?: Error) => {
    if (error && !res.headersSent) next(error);
  });
}

/** Whether the request carries a session cookie (valid or not: only the gateway's API can tell). */
const hasSessionCookie = (req: express.Request) =>
  (req.get('cookie') ?? '').split(';').some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`));

/**
 * The page the build wrote ahead for this address, if any, and the one of its pages this visitor
 * gets (null: index.html). Which one depends on the session cookie (valid or not: only the API can tell):
 * - `prerendered/login.html` for `/login`: the form drawn, for a visitor without one (a signed-in
 *   person is sent on, and must not see a sign-in form first), at a bare address (`/login?step=code`
 *   and the like show something else);
 * - `signed-in/dashboard.html` for `/dashboard`: index.html that starts fetching the frame's and the
 *   screen's code at once, for a visitor with one, whatever the query string (a list's page, sort or
 *   search: the same code). Without a session the visitor is sent to /login, which needs none of it.
 */
async function pageFor(root: string, req: express.Request): Promise<{ drawnAhead: boolean; file: string | null }> {
  if (!/^(\/[A-Za-z0-9-]+)+$/.test(req.path)) return { drawnAhead: false, file: null };
  const prerendered = resolve(root, `prerendered${req.path}.html`);
  const signedIn = resolve(root, `signed-in${req.path}.html`);
  const [hasPrerendered, hasSignedIn] = await Promise.all([isFile(prerendered), isFile(signedIn)]);
  const drawnAhead = hasPrerendered || hasSignedIn;
  if (hasSessionCookie(req)) return { drawnAhead, file: hasSignedIn ? signedIn : null };
  return { drawnAhead, file: hasPrerendered && !req.originalUrl.includes('?') ? prerendered : null };
}

/**
 * Serves the built single-page console: hashed assets cached for good, other files revalidated,
 * and index.html for every other path (the history fallback), so deep links work; a public page
 * the build drew ahead goes out as that ready HTML instead, and a screen people land on signed in
 * as the page that fetches its code at once. Every text file goes out
 * precompressed (brotli, else gzip) when the client accepts it.
 */
export function serveConsole(webDist: string): express.Router {
  const root = resolve(webDist);
  const index = resolve(root, 'index.html');
  const router = express.Router();

  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      const file = await fileFor(root, req.path);
      // A missing asset is a 404, not the page: a stale tab must notice its code is gone.
      if (req.path.startsWith('/assets/')) {
        if (file) return await sendFile(req, res, next, root, file, { immutable: true });
        return next(Object.assign(new Error('Not found'), { status: 404 }));
      }
      if (file && file !== index) return await sendFile(req, res, next, root, file, { cacheControl: 'public, max-age=0' });
      if (!(await isFile(index))) {
        res.status(503).type('text').send('The console is not built yet: run `npm run build`.');
        return;
      }
      // Always revalidated, so a new release is picked up on the next visit; the page depends on the cookie.
      const page = await pageFor(root, req);
      if (page.drawnAhead) res.vary('Cookie');
      await sendFile(req, res, next, root, page.file ?? index, { cacheControl: 'no-cache' });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
