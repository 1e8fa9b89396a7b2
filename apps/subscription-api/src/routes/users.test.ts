import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRestApi, type RestApi } from '#testing/restApi';

const LITE = 'https://lite.yozy.local';
const WEB = 'https://app.yozy.local';

let api: RestApi;
const PEOPLE = ['admin@yozy.local', 'admin@acme.local', 'admin@globex.local', 'member@acme.local'] as const;
type Person = (typeof PEOPLE)[number];
let tokens: Record<Person, string>;
beforeAll(async () => {
  api = await openRestApi();
  tokens = await api.signInEach(PEOPLE);
});
afterAll(() => api.close());

const lookUp = (viewer: Person, email: string) =>
  api.agent.get(`/users/product-address?email=${encodeURIComponent(email)}`).auth(tokens[viewer], { type: 'bearer' });

describe('GET /users/product-address', () => {
  it.each<[string, Person, string, string]>([
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

  it.each<[Person, string]>([
    ['admin@acme.local', 'admin@globex.local'],
    ['admin@acme.local', 'nobody@acme.local'],
    ['member@acme.local', 'mindy.simmons@globex.local'],
  ])('refuses %s a look-up of %s outside their organisation', async (viewer, email) => {
    const answer = await lookUp(viewer, email);
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatchObject({ code: 'FORBIDDEN', field: 'email' });
  });

  it('needs a session and an email', async () => {
    expect((await api.agent.get('/users/product-address?email=admin@acme.local')).status).toBe(401);
    const missing = await api.agent.get('/users/product-address').auth(tokens['admin@yozy.local'], { type: 'bearer' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.field).toBe('email');
  });
});
