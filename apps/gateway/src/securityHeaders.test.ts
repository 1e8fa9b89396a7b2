import express from 'express';
import helmet from 'helmet';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './securityHeaders';

const OPTIONS = {
  contentSecurityPolicy: { directives: { 'style-src': ["'self'", "'unsafe-inline'"], 'upgrade-insecure-requests': null } },
};

async function headersOf(middleware: express.RequestHandler): Promise<Record<string, string>> {
  const app = express();
  app.disable('x-powered-by');
  app.use(middleware);
  app.get('/', (_req, res) => void res.json({ ok: true }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const headers = Object.fromEntries(answer.headers);
    delete headers.date;
    return headers;
  } finally {
    server.close();
  }
}

describe('securityHeaders', () => {
  it('answers with exactly the headers helmet gives, the content security policy included', async () => {
    const once = await headersOf(securityHeaders(OPTIONS));
    expect(once).toEqual(await headersOf(helmet(OPTIONS)));
    expect(once['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(once['x-content-type-options']).toBe('nosniff');
  });

  it('refuses options that depend on the request, which cannot be worked out once', () => {
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { 'script-src': ["'self'", () => "'nonce-abc'"] } } })).toThrow(
      /depends on the request/,
    );
  });
});
