import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { preferredCoding } from './console';

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** A raw HTTP request: the body exactly as sent over the wire, nothing decoded on the way. */
function get(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // `path` goes out exactly as written: a URL object would resolve dot segments first.
    const { hostname, port } = new URL(base);
    const req = request({ hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(answer: Answer): Buffer {
  const coding = answer.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(answer.body);
  if (coding === 'gzip') return gunzipSync(answer.body);
  if (coding === undefined) return answer.body;
  throw new Error(`unexpected content-encoding ${coding}`);
}

const SCRIPT = Buffer.from(`export const screens = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `screen number ${i}`))};\n`);
const STYLES = Buffer.from(`body { color: #123456; }\n`.repeat(50));
const INDEX = Buffer.from(
  `<!doctype html><html lang="en"><head><title>Yozy Admin</title></head><body>${'<div></div>'.repeat(50)}</body></html>`,
);
// The sign-in page as the build draws it ahead (apps/web/vite-plugins/prerenderPages.ts).
const LOGIN_PAGE = Buffer.from(
  '<!doctype html><html lang="en"><head><title>Sign in</title></head><body><div id="prerendered"><form aria-label="Sign in"></form></div></body></html>',
);
// The dashboard for a browser with a session: index.html naming the screen's code (apps/web/vite-plugins/signedInPages.ts).
const DASHBOARD_PAGE = Buffer.from(
  '<!doctype html><html lang="en"><head><title>Yozy Admin</title><link rel="modulepreload" href="/assets/dashboard-abc.js"></head><body></body></html>',
);
const ICON = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0f766e"/></svg>',
);

/** A built console as the web build leaves it: text files with their .br and .gz copies, a private manifest. */
function fakeBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'console-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  const withCopies = (path: string, data: Buffer) => {
    writeFileSync(join(dist, path), data);
    writeFileSync(join(dist, `${path}.br`), brotliCompressSync(data));
    writeFileSync(join(dist, `${path}.gz`), gzipSync(data));
  };
  withCopies('assets/index-abc123.js', SCRIPT);
  withCopies('assets/index-abc123.css', STYLES);
  withCopies('index.html', INDEX);
  withCopies('favicon.svg', ICON);
  mkdirSync(join(dist, 'prerendered'));
  withCopies('prerendered/login.html', LOGIN_PAGE);
  mkdirSync(join(dist, 'signed-in'));
  withCopies('signed-in/dashboard.html', DASHBOARD_PAGE);
  // Only a gzip copy: brotli was not smaller.
  writeFileSync(join(dist, 'assets/tiny-def456.js'), 'export{};');
  writeFileSync(join(dist, 'assets/tiny-def456.js.gz'), gzipSync('export{};'));
  writeFileSync(join(dist, 'assets/logo-123.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(dist, '.vite/manifest.json'), '{"index.html":{}}');
  return dist;
}

const CHROME = 'gzip, deflate, br, zstd';

describe('serving the built console', () => {
  let dist: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dist = fakeBuild();
    const app = await createApp({
      subscriptionApiUrl: 'http://127.0.0.1:9/',
      webDist: dist,
      trustProxy: 'loopback',
      publicUrl: 'http://127.0.0.1:4000',
      captchaSecret: 'console-test-captcha-secret-0123456789abcdef',
      serviceToken: 'console-test-service-token-0123456789abcdef',
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dist, { recursive: true, force: true });
  });

  describe.each([
    ['/assets/index-abc123.js', SCRIPT, 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable'],
    ['/assets/index-abc123.css', STYLES, 'text/css; charset=utf-8', 'public, max-age=31536000, immutable'],
    ['/favicon.svg', ICON, 'image/svg+xml', 'public, max-age=0'],
    ['/UserManagement', INDEX, 'text/html; charset=utf-8', 'no-cache'],
  ])('%s', (path, original, type, caching) => {
    it.each([
      ['br', 'br'],
      [CHROME, 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['identity', undefined],
      ['', undefined],
    ])('Accept-Encoding "%s" gets %s, the same file once decoded, with its type and caching', async (accept, coding) => {
      const answer = await get(base, path, { 'accept-encoding': accept });

      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(coding);
      expect(decoded(answer).equals(original)).toBe(true);
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(answer.headers['content-type']).toBe(type);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(answer.headers['cache-control']).toBe(caching);
    });
  });

  it('sends the file as it is to a client that sends no Accept-Encoding', async () => {
    const answer = await get(base, '/assets/index-abc123.js');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.equals(SCRIPT)).toBe(true);
  });

  it('falls back to gzip when a file has no brotli copy, and sends files without copies as they are', async () => {
    const tiny = await get(base, '/assets/tiny-def456.js', { 'accept-encoding': CHROME });
    expect(tiny.headers['content-encoding']).toBe('gzip');
    expect(decoded(tiny).toString()).toBe('export{};');

    const png = await get(base, '/assets/logo-123.png', { 'accept-encoding': CHROME });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers HEAD with the headers of the copy GET would send, and no body', async () => {
    const head = await get(base, '/assets/index-abc123.js', { 'accept-encoding': CHROME }, 'HEAD');
    const full = await get(base, '/assets/index-abc123.js', { 'accept-encoding': CHROME });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
  });

  it('gives each coding its own validator, so a revalidation never mixes copies', async () => {
    const br = await get(base, '/assets/index-abc123.js', { 'accept-encoding': 'br' });
    const gzip = await get(base, '/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(br.headers.etag).toBeDefined();
    expect(br.headers.etag).not.toBe(gzip.headers.etag);

    const again = await get(base, '/assets/index-abc123.js', { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! });
    expect(again.status).toBe(304);
  });

  it('answers 404 for a missing asset instead of the page, so a stale tab notices', async () => {
    const answer = await get(base, '/assets/index-gone999.js', { 'accept-encoding': CHROME });
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
  });

  it('never hands out the compressed copies, dot files or anything outside the build by their own names', async () => {
    expect((await get(base, '/assets/index-abc123.js.br')).status).toBe(404);
    for (const path of ['/index.html.gz', '/.vite/manifest.json', '/%2e%2e/%2e%2e/etc/passwd', '/..%2F..%2Fetc%2Fpasswd']) {
      const answer = await get(base, path, { 'accept-encoding': 'identity' });
      expect(answer.status, path).toBe(200);
      expect(answer.body.equals(INDEX), path).toBe(true);
    }
  });

  it('sends the sign-in page drawn ahead to a visitor without a session, and the app to anyone else', async () => {
    const fresh = await get(base, '/login', { 'accept-encoding': CHROME });
    expect(fresh.headers['content-encoding']).toBe('br');
    expect(decoded(fresh).equals(LOGIN_PAGE)).toBe(true);
    expect(fresh.headers.vary).toMatch(/Cookie/);
    expect(fresh.headers['cache-control']).toBe('no-cache');

    // Signed in (or once was): sent on by the app, never shown a sign-in form first.
    const signedIn = await get(base, '/login', { 'accept-encoding': 'identity', cookie: 'theme=dark; token_org=abc' });
    expect(signedIn.body.equals(INDEX)).toBe(true);
    // An address that shows something else on the sign-in page (a second step, a hand-off).
    expect((await get(base, '/login?step=code', { 'accept-encoding': 'identity' })).body.equals(INDEX)).toBe(true);
    // Only the page's own address: nothing else is drawn ahead.
    expect((await get(base, '/login/extra', { 'accept-encoding': 'identity' })).body.equals(INDEX)).toBe(true);
    expect((await get(base, '/dashboard', { 'accept-encoding': 'identity' })).body.equals(INDEX)).toBe(true);
  });

  it('sends a browser with a session the dashboard page that fetches its code at once, and everyone else the app', async () => {
    const signedIn = await get(base, '/dashboard', { 'accept-encoding': CHROME, cookie: 'theme=dark; token_org=abc' });
    expect(signedIn.headers['content-encoding']).toBe('br');
    expect(decoded(signedIn).equals(DASHBOARD_PAGE)).toBe(true);
    expect(signedIn.headers.vary).toMatch(/Cookie/);
    expect(signedIn.headers['cache-control']).toBe('no-cache');
    // A list's page, sort or search needs the same code.
    const withQuery = await get(base, '/dashboard?page=2', { 'accept-encoding': 'identity', cookie: 'token_org=abc' });
    expect(withQuery.body.equals(DASHBOARD_PAGE)).toBe(true);

    // Without a session the app sends the visitor to sign in, which needs none of that code.
    const signedOut = await get(base, '/dashboard', { 'accept-encoding': 'identity' });
    expect(signedOut.body.equals(INDEX)).toBe(true);
    expect(signedOut.headers.vary).toMatch(/Cookie/);
    // Addresses without a page of their own get the app, whoever asks.
    expect((await get(base, '/dashboard/extra', { 'accept-encoding': 'identity', cookie: 'token_org=abc' })).body.equals(INDEX)).toBe(true);
    expect((await get(base, '/UserManagement', { 'accept-encoding': 'identity', cookie: 'token_org=abc' })).body.equals(INDEX)).toBe(true);
  });

  it('says the console is not built yet when index.html is missing', async () => {
    rmSync(join(dist, 'index.html'));
    try {
      const answer = await get(base, '/login');
      expect(answer.status).toBe(503);
      expect(answer.body.toString()).toContain('npm run build');
    } finally {
      writeFileSync(join(dist, 'index.html'), INDEX);
    }
  });
});

describe('preferredCoding', () => {
  const both = ['br', 'gzip'] as const;
  it.each([
    [undefined, both, 'identity'],
    ['', both, 'identity'],
    ['gzip, deflate, br, zstd', both, 'br'],
    ['gzip, deflate, br', ['gzip'], 'gzip'],
    ['br', ['gzip'], 'identity'],
    ['BR;Q=1', both, 'br'],
    ['gzip;q=1, br;q=0.8', both, 'gzip'],
    ['br;q=0, gzip;q=0', both, 'identity'],
    ['*', both, 'br'],
    ['*;q=0.5, identity', both, 'identity'],
    ['gzip;q=0.4, identity;q=0.5', both, 'identity'],
    ['identity;q=0, gzip;q=0.1', both, 'gzip'],
    ['br;q=abc, gzip', both, 'gzip'],
  ] as const)('%j with %j available -> %s', (header, available, expected) => {
    expect(preferredCoding(header, available)).toBe(expected);
  });
});
