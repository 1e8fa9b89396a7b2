import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { openRestApi, type RestApi } from '#testing/restApi';

let api: RestApi;
beforeAll(async () => {
  api = await openRestApi();
});
afterAll(() => api.close());

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe('POST /captcha/consume', () => {
  it('accepts a signature the first time and refuses it after', async () => {
    const body = { signature: 'sig-once', expiresAt: inMinutes(10) };
    expect(await api.agent.post('/captcha/consume').send(body)).toMatchObject({ status: 201, body: { consumed: true } });
    const again = await api.agent.post('/captcha/consume').send(body);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: { code: 'CONFLICT', message: 'This captcha was already used' } });
  });

  it('clears signatures that have expired', async () => {
    await api.db.query("INSERT INTO used_captchas (signature, expires_at) VALUES ('sig-stale', now() - interval '1 minute')");
    await api.agent.post('/captcha/consume').send({ signature: 'sig-fresh', expiresAt: inMinutes(10) });
    expect(await api.db.query("SELECT signature FROM used_captchas WHERE signature = 'sig-stale'")).toEqual([]);
  });

  it('refuses an expiry later than a challenge can live, and records nothing', async () => {
    for (const expiresAt of ['9999-12-31T23:59:59.000Z', inMinutes(30)]) {
      const answer = await api.agent.post('/captcha/consume').send({ signature: 'sig-far', expiresAt });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'expiresAt' });
    }
    expect(await api.db.query("SELECT 1 FROM used_captchas WHERE signature = 'sig-far'")).toEqual([]);
  });

  it('answers only the gateway', async () => {
    const answer = await request(api.app)
      .post('/captcha/consume')
      .send({ signature: 'sig-anyone', expiresAt: inMinutes(5) });
    expect(answer.status).toBe(401);
    expect(await api.db.query("SELECT 1 FROM used_captchas WHERE signature = 'sig-anyone'")).toEqual([]);
  });

  it.each([
    ['signature', { expiresAt: inMinutes(10) }],
    ['signature', { signature: '', expiresAt: inMinutes(10) }],
    ['expiresAt', { signature: 'sig-x', expiresAt: 'tomorrow' }],
    ['expiresAt', { signature: 'sig-x' }],
  ])('answers 400 naming %s for %j', async (field, body) => {
    const answer = await api.agent.post('/captcha/consume').send(body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'BAD_REQUEST', field });
  });
});
