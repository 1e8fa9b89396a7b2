import { describe, expect, it } from 'vitest';
import { createApp } from './app';
import type { Database } from './db/database';
import { openApiDocument } from './openapi';

type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };

/** Every route the app answers, as "method path", read from Express's router. */
function routesOf(stack: Layer[]): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) return Object.keys(layer.route.methods).map((method) => `${method} ${layer.route!.path}`);
    return layer.handle?.stack ? routesOf(layer.handle.stack) : [];
  });
}

describe('the OpenAPI document', () => {
  it('describes every route the service answers, and no other', () => {
    const app = createApp({ db: {} as Database, serviceToken: 'x'.repeat(32) }) as unknown as { router: { stack: Layer[] } };
    const served = routesOf(app.router.stack).filter((route) => route !== 'get /openapi.json');
    const documented = Object.entries(openApiDocument.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    );
    expect(documented.sort()).toEqual(served.sort());
  });

  it('marks the public operations with an empty security list', () => {
    const publicOperations = Object.entries(openApiDocument.paths).flatMap(([path, operations]) =>
      Object.entries(operations as Record<string, { security?: unknown[] }>)
        .filter(([, operation]) => operation.security?.length === 0)
        .map(([method]) => `${method} ${path}`),
    );
    expect(publicOperations.sort()).toEqual(
      [
        'get /health',
        'post /users/signIn',
        'post /auth/password/request',
        'post /auth/password/linkverify',
        'post /auth/reset',
        'post /auth/create/user',
        'post /captcha/consume',
        'get /subscription_product_master',
        'get /subscription_plan_master',
        'post /form/subscription_web_enquiry',
      ].sort(),
    );
  });
});
