import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the embedded database in ./data by default', () => {
    const config = loadConfig({});
    expect(config.database).toEqual({ dataDir: expect.stringMatching(/\/data$/) });
    expect(config.port).toBe(4001);
  });

  it('switches to a PostgreSQL server when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/yozy' }).database).toEqual({
      url: 'postgres://u:p@db:5432/yozy',
      poolMax: 10,
    });
  });

  it('opens as many connections to PostgreSQL as DATABASE_POOL_MAX allows, and refuses a value that is no count', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/yozy', DATABASE_POOL_MAX: '25' }).database).toEqual({
      url: 'postgres://db/yozy',
      poolMax: 25,
    });
    for (const wrong of ['0', '-3', '2.5', 'many', '1001'])
      expect(() => loadConfig({ DATABASE_URL: 'postgres://db/yozy', DATABASE_POOL_MAX: wrong })).toThrow(
        /DATABASE_POOL_MAX: must be a whole number from 1 to 1000/,
      );
  });

  it('refuses a DATABASE_URL that is not a PostgreSQL address', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/yozy' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ connection string/);
  });

  it('builds mailed links from PUBLIC_URL and keeps mail in the outbox without SMTP_URL', () => {
    expect(loadConfig({}).mail).toEqual({
      publicUrl: 'http://localhost:4000',
      from: 'Yozy Admin <no-reply@yozy.local>',
      allowPrivateNetwork: false,
      queue: { retryFirstMs: 30_000, retryMaxMs: 3_600_000, retryForMs: 86_400_000, pollMs: 5_000 },
    });
    expect(loadConfig({ PUBLIC_URL: 'https://admin.example.com/' }).mail.publicUrl).toBe('https://admin.example.com');
  });

  it('keeps organisations’ own servers off private networks unless ALLOW_PRIVATE_NETWORK_SERVERS says otherwise', () => {
    expect(loadConfig({}).allowPrivateNetwork).toBe(false);
    const trial = loadConfig({ ALLOW_PRIVATE_NETWORK_SERVERS: 'true' });
    expect(trial.allowPrivateNetwork).toBe(true);
    expect(trial.mail.allowPrivateNetwork).toBe(true);
    expect(() => loadConfig({ ALLOW_PRIVATE_NETWORK_SERVERS: 'yes' })).toThrow(/ALLOW_PRIVATE_NETWORK_SERVERS/);
  });

  it('sends mail over SMTP when SMTP_URL is set, from MAIL_FROM', () => {
    const config = loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Acme <it@acme.example>' });
    expect(config.mail).toMatchObject({ smtpUrl: 'smtp://127.0.0.1:2525', from: 'Acme <it@acme.example>' });
  });

  it('tries mail again as MAIL_RETRY_* and MAIL_QUEUE_POLL_SECONDS say, refusing what is not a number of seconds', () => {
    const config = loadConfig({
      MAIL_RETRY_FIRST_SECONDS: '0.5',
      MAIL_RETRY_MAX_SECONDS: '60',
      MAIL_RETRY_FOR_SECONDS: '3600',
      MAIL_QUEUE_POLL_SECONDS: '1',
    });
    expect(config.mail.queue).toEqual({ retryFirstMs: 500, retryMaxMs: 60_000, retryForMs: 3_600_000, pollMs: 1_000 });
    expect(() => loadConfig({ MAIL_RETRY_FOR_SECONDS: 'a day' })).toThrow(/MAIL_RETRY_FOR_SECONDS/);
    expect(() => loadConfig({ MAIL_QUEUE_POLL_SECONDS: '0' })).toThrow(/MAIL_QUEUE_POLL_SECONDS: must be a number of seconds above 0/);
  });

  it('refuses addresses of the wrong kind with the variable named', () => {
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com:25' })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ address/);
    expect(() => loadConfig({ PUBLIC_URL: 'localhost:4000' })).toThrow(/PUBLIC_URL: must be an http:\/\/ or https:\/\/ address/);
    expect(() => loadConfig({ WEB_PRODUCT_URL: 'app.yozy.local' })).toThrow(/WEB_PRODUCT_URL/);
    expect(() => loadConfig({ DEMO_PRODUCT_URL: 'localhost:4000/login' })).toThrow(/DEMO_PRODUCT_URL/);
  });

  it('gives the demo products an address only when DEMO_PRODUCT_URL is set (npm start: the console’s sign-in page)', () => {
    expect(loadConfig({}).demoProductUrl).toBeUndefined();
    expect(loadConfig({ DEMO_PRODUCT_URL: 'http://127.0.0.1:4000/login' }).demoProductUrl).toBe('http://127.0.0.1:4000/login');
  });

  it('takes the service credential from SERVICE_TOKEN, requires it in production and refuses a short one', () => {
    const token = 'a-service-token-of-at-least-32-characters';
    expect(loadConfig({ SERVICE_TOKEN: token }).serviceToken).toBe(token);
    expect(loadConfig({}).serviceToken).toHaveLength(64);
    expect(loadConfig({}).serviceToken).not.toBe(loadConfig({}).serviceToken);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SERVICE_TOKEN: required in production/);
    expect(() => loadConfig({ SERVICE_TOKEN: 'short' })).toThrow(/SERVICE_TOKEN: must be at least 32 characters/);
  });

  it('takes the key that seals secrets at rest from SECRET_KEY, requires it in production and refuses a short one', () => {
    const key = 'a-secret-key-of-at-least-32-characters-long';
    const production = { NODE_ENV: 'production', SERVICE_TOKEN: 'a-service-token-of-at-least-32-characters' };
    expect(loadConfig({ SECRET_KEY: key }).secretKey).toBe(key);
    expect(loadConfig({}).secretKey).toHaveLength(64);
    expect(() => loadConfig(production)).toThrow(/SECRET_KEY: required in production/);
    expect(loadConfig({ ...production, SECRET_KEY: key }).secretKey).toBe(key);
    expect(() => loadConfig({ SECRET_KEY: 'short' })).toThrow(/SECRET_KEY: must be at least 32 characters/);
  });

  it('takes the credential and the key before a rotation from SERVICE_TOKEN_PREVIOUS and SECRET_KEY_PREVIOUS, refusing short ones', () => {
    const token = 'the-service-token-before-the-rotation';
    const key = 'the-secret-key-before-the-rotation-0123';
    expect(loadConfig({ SERVICE_TOKEN_PREVIOUS: token, SECRET_KEY_PREVIOUS: key })).toMatchObject({
      previousServiceToken: token,
      previousSecretKey: key,
    });
    expect(loadConfig({})).not.toHaveProperty('previousServiceToken');
    expect(() => loadConfig({ SERVICE_TOKEN_PREVIOUS: 'short', SECRET_KEY_PREVIOUS: 'short' })).toThrow(
      /SERVICE_TOKEN_PREVIOUS: must be at least 32 characters\n {2}SECRET_KEY_PREVIOUS: must be at least 32 characters/,
    );
  });
});
