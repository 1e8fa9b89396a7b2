import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestApi, type ErrorBody, type RestApi } from '../testing/restApi';

const LITE = 'https://lite.yozy.local';
const WEB = 'https://app.yozy.local';

let api: RestApi;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  api = await startRestApi();
  for (const email of ['admin@yozy.local', 'admin@acme.local', 'admin@globex.local', 'member@acme.local']) {
    tokens[email] = await api.signIn(email);
  }
});
afterAll(() => api.stop());

const lookUp = (viewer: string, email: string) =>
  api.get<{ url: string } & ErrorBody>(`/users/product-address?email=${encodeURIComponent(email)}`, tokens[viewer]);

describe('GET /users/product-address', () => {
  it.each([
    ['a SuperAdmin', 'admin@yozy.local', 'mindy.simmons@globex.local', LITE],
    ['a SuperAdmin', 'admin@yozy.local', 'admin@acme.local', WEB],
    ['a SuperAdmin', 'admin@yozy.local', 'nobody@nowhere.example', WEB],
    ['an OrgAdmin', 'admin@globex.local', 'Frank.Grimes@globex.local', LITE],
    ['an OrgAdmin', 'admin@acme.local', 'marcus.lee@acme.local', WEB],
    ['a User', 'member@acme.local', 'member@acme.local', WEB],
    ['a User', 'member@acme.local', 'tom.baker@acme.local', WEB],
  ])('answers %s (%s) about %s', async (_kind, viewer, email, url) => {
    const answer = await lookUp(viewer, email);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ url });
  });

  it.each([
    ['admin@acme.local', 'admin@globex.local'],
    ['admin@acme.local', 'nobody@acme.local'],
    ['member@acme.local', 'mindy.simmons@globex.local'],
  ])('refuses %s a look-up of %s outside their organisation', async (viewer, email) => {
    const answer = await lookUp(viewer, email);
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatchObject({ code: 'FORBIDDEN', field: 'email' });
  });

  it('needs a session and an email', async () => {
    expect((await api.get('/users/product-address?email=admin@acme.local')).status).toBe(401);
    const missing = await api.get<ErrorBody>('/users/product-address', tokens['admin@yozy.local']);
    expect(missing.status).toBe(400);
    expect(missing.body.error.field).toBe('email');
  });
});
