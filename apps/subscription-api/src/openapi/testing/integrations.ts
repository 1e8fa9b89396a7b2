import { startIdentityProvider } from '#testing/identityProvider';
import { it } from 'vitest';
import { api, superAdmin, expectDocumented } from './harness';

// What connects an organisation to other systems: provisioning and its domains, webhooks and single sign-on.

export function provisioningAndDomains() {
  it('provisioning and the organization’s domains', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    const [acme] = await api.db.query<{ client_id: number }>("SELECT client_id FROM client_users WHERE email = 'admin@acme.local'");
    const [role] = await api.db.query<{ role_id: number }>(
      `SELECT r.role_id FROM roles r JOIN licences l ON l.product_id = r.product_id WHERE l.client_id = $1 AND r.is_active ORDER BY r.role_id LIMIT 1`,
      [acme!.client_id],
    );
    const settings = '/provisioning_settings';
    const tokens = '/provisioning_tokens';
    expectDocumented(await api.agent.get(settings).auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.patch(settings).auth(orgAdmin, { type: 'bearer' }).send({ Enabled: true, RoleId: null }), 400);
    expectDocumented(
      await api.agent.patch(settings).auth(orgAdmin, { type: 'bearer' }).send({ Enabled: true, RoleId: role!.role_id }),
      200,
    );
    const created = await api.agent.post(tokens).auth(orgAdmin, { type: 'bearer' }).send({ Name: 'Okta' });
    expectDocumented(created, 201);
    expectDocumented(await api.agent.post(tokens).auth(orgAdmin, { type: 'bearer' }).send({ Name: 'Okta' }), 409);
    expectDocumented(await api.agent.post(tokens).auth(orgAdmin, { type: 'bearer' }).send({ Name: ' ' }), 400);
    expectDocumented(await api.agent.delete(`${tokens}?TokenId=${created.body.TokenId}`).auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.delete(`${tokens}?TokenId=${created.body.TokenId}`).auth(orgAdmin, { type: 'bearer' }), 404);

    const domains = '/organization_domains';
    expectDocumented(await api.agent.get(domains).auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.post(domains).auth(orgAdmin, { type: 'bearer' }).send({ Domain: 'acme-labs.example' }), 200);
    expectDocumented(await api.agent.post(domains).auth(orgAdmin, { type: 'bearer' }).send({ Domain: 'acme-labs.example' }), 409);
    expectDocumented(await api.agent.post(domains).auth(orgAdmin, { type: 'bearer' }).send({ Domain: 'gmail.com' }), 400);
    expectDocumented(await api.agent.post(`${domains}/verify`).auth(orgAdmin, { type: 'bearer' }).send({ Domain: 'acme.local' }), 200);
    expectDocumented(
      await api.agent.post(`${domains}/verify`).auth(orgAdmin, { type: 'bearer' }).send({ Domain: 'not-claimed.example' }),
      404,
    );
    expectDocumented(
      await api.agent.post(`${domains}/confirm`).auth(orgAdmin, { type: 'bearer' }).send({ Domain: 'acme-labs.example' }),
      403,
    );
    expectDocumented(
      await api.agent
        .post(`${domains}/confirm`)
        .auth(superAdmin, { type: 'bearer' })
        .send({ ClientId: acme!.client_id, Domain: 'acme-labs.example' }),
      200,
    );
    expectDocumented(await api.agent.delete(`${domains}?Domain=acme-labs.example`).auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.delete(`${domains}?Domain=acme-labs.example`).auth(orgAdmin, { type: 'bearer' }), 404);
  });
}

export function webhooks() {
  it('webhook endpoints and their deliveries', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    const path = '/subscription_webhook_endpoints';
    const created = await api.agent
      .post(path)
      .auth(orgAdmin, { type: 'bearer' })
      .send({ Url: 'http://127.0.0.1:9/hooks', Description: 'Answers', Events: ['group.changed'] });
    expectDocumented(created, 201);
    const id = created.body.Endpoint.EndpointId as number;
    expectDocumented(await api.agent.post(path).auth(orgAdmin, { type: 'bearer' }).send({ Url: 'ftp://example.com' }), 400);
    expectDocumented(
      await api.agent.post(path).auth(orgAdmin, { type: 'bearer' }).send({ Url: 'https://example.com', ClientId: 999_999 }),
      403,
    );
    expectDocumented(
      await api.agent.post(path).auth(superAdmin, { type: 'bearer' }).send({ Url: 'https://example.com', ClientId: 999_999 }),
      404,
    );
    expectDocumented(await api.agent.get(path).auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get(`${path}?ClientId=x`).auth(superAdmin, { type: 'bearer' }), 400);
    const change = { EndpointId: id, Url: 'http://127.0.0.1:9/hooks', Description: null, Events: null };
    expectDocumented(await api.agent.post(`${path}/update`).auth(orgAdmin, { type: 'bearer' }).send(change), 200);
    expectDocumented(
      await api.agent
        .post(`${path}/update`)
        .auth(orgAdmin, { type: 'bearer' })
        .send({ ...change, Events: ['nope'] }),
      400,
    );
    expectDocumented(await api.agent.post(`${path}/rotate`).auth(orgAdmin, { type: 'bearer' }).send({ EndpointId: id }), 200);
    expectDocumented(await api.agent.post(`${path}/rotate`).auth(orgAdmin, { type: 'bearer' }).send({ EndpointId: 999_999 }), 404);
    expectDocumented(await api.agent.post(`${path}/pause`).auth(orgAdmin, { type: 'bearer' }).send({ EndpointId: id, Paused: true }), 200);
    const globex = await api.signIn('admin@globex.local');
    expectDocumented(await api.agent.post(`${path}/pause`).auth(globex, { type: 'bearer' }).send({ EndpointId: id, Paused: false }), 403);
    const test = await api.agent.post(`${path}/test`).auth(orgAdmin, { type: 'bearer' }).send({ EndpointId: id });
    expectDocumented(test, 200);
    const deliveries = '/subscription_webhook_deliveries';
    expectDocumented(await api.agent.get(`${deliveries}?EndpointId=eq.${id}`).auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get(deliveries).auth(orgAdmin, { type: 'bearer' }), 400);
    const deliveryId = test.body.DeliveryId as number;
    expectDocumented(await api.agent.get(`${deliveries}/payload?DeliveryId=eq.${deliveryId}`).auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get(`${deliveries}/payload?DeliveryId=eq.${deliveryId}`).auth(globex, { type: 'bearer' }), 403);
    expectDocumented(await api.agent.get(`${deliveries}/payload?DeliveryId=eq.999999`).auth(orgAdmin, { type: 'bearer' }), 404);
    expectDocumented(await api.agent.get(`${deliveries}/payload?DeliveryId=1`).auth(orgAdmin, { type: 'bearer' }), 400);
    const redeliver = `${deliveries}/redeliver`;
    expectDocumented(await api.agent.post(redeliver).auth(orgAdmin, { type: 'bearer' }).send({ DeliveryId: deliveryId }), 409);
    await api.db.query('UPDATE webhook_deliveries SET succeeded_at = now(), attempts = 1, response_status = 200 WHERE delivery_id = $1', [
      deliveryId,
    ]);
    expectDocumented(await api.agent.post(redeliver).auth(orgAdmin, { type: 'bearer' }).send({ DeliveryId: deliveryId }), 200);
    expectDocumented(await api.agent.post(redeliver).auth(globex, { type: 'bearer' }).send({ DeliveryId: deliveryId }), 403);
    expectDocumented(await api.agent.post(redeliver).auth(orgAdmin, { type: 'bearer' }).send({ DeliveryId: 999_999 }), 404);
    expectDocumented(await api.agent.post(`${path}/delete`).auth(globex, { type: 'bearer' }).send({ EndpointId: id }), 403);
    expectDocumented(await api.agent.post(`${path}/delete`).auth(orgAdmin, { type: 'bearer' }).send({ EndpointId: id }), 200);
    expectDocumented(await api.agent.post(`${path}/delete`).auth(orgAdmin, { type: 'bearer' }).send({ EndpointId: id }), 404);
  });
}

export function singleSignOn() {
  it('single sign-on: settings, discovery and a sign-in', async () => {
    const redirect = 'http://127.0.0.1:4000/sso/callback';
    const idp = await startIdentityProvider({ redirectUri: redirect });
    try {
      const orgAdmin = await api.signIn('admin@globex.local');
      const path = '/subscription_sso_settings';
      const settings = {
        Enabled: true,
        Issuer: idp.issuer,
        OidcClientId: idp.clientId,
        ClientSecret: idp.clientSecret,
        Domains: ['globex.local'],
        RequireSso: false,
        AllowJit: false,
      };
      expectDocumented(await api.agent.get(path).auth(orgAdmin, { type: 'bearer' }), 200);
      expectDocumented(await api.agent.patch(path).auth(orgAdmin, { type: 'bearer' }).send(settings), 200);
      expectDocumented(
        await api.agent
          .patch(path)
          .auth(orgAdmin, { type: 'bearer' })
          .send({ ...settings, Domains: [] }),
        400,
      );
      expectDocumented(await api.agent.post(`${path}/discover`).auth(orgAdmin, { type: 'bearer' }).send({ Issuer: idp.issuer }), 200);
      const [globex] = await api.db.query<{ client_id: number }>("SELECT client_id FROM client_users WHERE email = 'admin@globex.local'");
      const confirm = `${path}/domains/confirm`;
      const verify = `${path}/domains/verify`;
      expectDocumented(
        await api.agent.post(confirm).auth(orgAdmin, { type: 'bearer' }).send({ ClientId: globex!.client_id, Domain: 'globex.local' }),
        403,
      );
      expectDocumented(
        await api.agent.post(confirm).auth(superAdmin, { type: 'bearer' }).send({ ClientId: globex!.client_id, Domain: 'gmail.com' }),
        400,
      );
      expectDocumented(
        await api.agent.post(confirm).auth(superAdmin, { type: 'bearer' }).send({ ClientId: globex!.client_id, Domain: 'globex.local' }),
        200,
      );
      expectDocumented(await api.agent.post(verify).auth(orgAdmin, { type: 'bearer' }).send({ Domain: 'globex.local' }), 200);
      expectDocumented(await api.agent.post(verify).auth(orgAdmin, { type: 'bearer' }).send({ Domain: 'not-claimed.example' }), 404);
      expectDocumented(await api.agent.get('/sso/lookup?email=ann%40globex.local'), 200);
      idp.signInAs({ email: 'admin@globex.local' });
      const started = await api.agent.post('/sso/start').send({
        Email: 'admin@globex.local',
        RedirectUri: redirect,
      });
      expectDocumented(started, 200);
      const callback = await idp.followToCallback(started.body.AuthorizationUrl);
      expectDocumented(await api.agent.post('/sso/finish').send({ CallbackUrl: callback, State: started.body.State }), 200);
      expectDocumented(await api.agent.post('/sso/finish').send({ CallbackUrl: callback, State: started.body.State }), 400);
      await api.agent
        .patch(path)
        .auth(orgAdmin, { type: 'bearer' })
        .send({ ...settings, Enabled: false });
    } finally {
      await idp.close();
    }
  });
}
