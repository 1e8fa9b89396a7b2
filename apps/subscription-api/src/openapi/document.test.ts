import { fileURLToPath } from 'node:url';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '#app';
import type { Mailer } from '#mail/mailer';
import { scimRouter } from '#scim/router';
import type { Database } from '#db/database';
import { openApiDocument } from '.';
import { buildDocument } from './build';

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
    const app = createApp({ db: {} as Database, serviceToken: 'x'.repeat(32), secretKey: 'x'.repeat(32) }) as unknown as {
      router: { stack: Layer[] };
    };
    // SCIM (/scim/v2/) speaks RFC 7644, which its own discovery endpoints (Schemas, ResourceTypes,
    // ServiceProviderConfig) describe: it is no operation of this document.
    const scim = new Set(
      routesOf((scimRouter({ db: {} as Database, mailer: {} as Mailer, dnsServers: [] }) as unknown as { stack: Layer[] }).stack),
    );
    const served = routesOf(app.router.stack).filter((route) => route !== 'get /openapi.json' && !scim.has(route));
    const documented = Object.entries(openApiDocument.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    );
    expect(documented.sort()).toEqual(served.sort());
  });

  it('marks the public operations with an empty security list, and the gateway-only ones with its credential', () => {
    const withSecurity = (matches: (security: unknown[] | undefined) => boolean) =>
      Object.entries(openApiDocument.paths)
        .flatMap(([path, operations]) =>
          Object.entries(operations as Record<string, { security?: unknown[] }>)
            .filter(([, operation]) => matches(operation.security))
            .map(([method]) => `${method} ${path}`),
        )
        .sort();
    expect(withSecurity((security) => security?.length === 0)).toEqual(
      ['get /health', 'get /readyz', 'get /subscription_product_master', 'get /subscription_plan_master'].sort(),
    );
    expect(withSecurity((security) => JSON.stringify(security) === JSON.stringify([{ gateway: [] }]))).toEqual(
      [
        'post /users/signIn',
        'post /users/signIn/code',
        'post /users/signIn/enrolment',
        'post /users/signIn/enrolment/confirm',
        'post /auth/password/request',
        'post /auth/password/linkverify',
        'post /auth/link/status',
        'post /auth/reset',
        'post /auth/create/user',
        'post /auth/handoff',
        'post /auth/sign-in-refusals',
        'post /captcha/consume',
        'post /form/subscription_web_enquiry',
        'get /form/organization_choices',
        'get /sso/lookup',
        'post /sso/start',
        'post /sso/finish',
      ].sort(),
    );
    expect(withSecurity((security) => JSON.stringify(security) === JSON.stringify([{ gateway: [], session: [] }]))).toEqual([
      'get /users/product-address',
    ]);
  });

  it("passes the linter's recommended rules without an error or a warning", async () => {
    const config = await loadConfig({ configPath: fileURLToPath(new URL('../../redocly.yaml', import.meta.url)) });
    const problems = await lintFromString({ source: JSON.stringify(openApiDocument), absoluteRef: 'openapi.json', config });
    expect(problems.map(({ severity, ruleId, message, location }) => `${severity} ${ruleId} ${location[0]?.pointer}: ${message}`)).toEqual(
      [],
    );
  });

  it('documents the body fields exactly as the routes check them', () => {
    const schemas = openApiDocument.components.schemas;
    expect(schemas.ResetLink).toMatchObject({ required: ['email', 'token'], properties: { token: { type: 'string', maxLength: 512 } } });
    expect([...(schemas.EnquiryForm?.required ?? [])].sort()).toEqual([
      'AdminEmail',
      'AdminFirstname',
      'AdminLastname',
      'ClientCompanyName',
      'ContactEmail',
      'ContactName',
      'PlanId',
      'ProductId',
    ]);
    expect(schemas.EnquiryForm?.properties?.PlanId).toEqual({
      oneOf: [
        { type: 'integer', exclusiveMinimum: 0, maximum: 2_147_483_647 },
        { type: 'string', pattern: '^\\s*\\d{1,10}\\s*$', description: 'The same id written in digits' },
      ],
    });
    expect(schemas.Profile?.properties?.OrgDetails).toEqual({ $ref: '#/components/schemas/Client' });
  });

  it('refuses a body that is not a named schema, and a field no schema describes', () => {
    const operation = (body: z.core.$ZodType) => ({
      '/x': { post: { operationId: 'x', tag: 'X', summary: 'x', body, responses: { 204: { description: 'Done' } } } },
    });
    const spec = {
      info: { title: 't', version: '1', description: 'd' },
      servers: [],
      tags: [],
      outputs: {},
      gatewayOnlyPaths: [],
      gatewayRefusal: { description: 'Refused' },
    };
    expect(() => buildDocument({ ...spec, inputs: {}, paths: operation(z.object({ a: z.string() })) })).toThrow(/not a named schema/);
    const opaque = z.object({ a: z.custom<string>((value) => typeof value === 'string') });
    expect(() => buildDocument({ ...spec, inputs: { Opaque: opaque }, paths: operation(opaque) })).toThrow(/Opaque.*\/a/);
  });
});
