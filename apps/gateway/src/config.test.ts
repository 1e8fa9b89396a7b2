import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has defaults that serve the console on port 4000 in front of the local REST service', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 4000, host: '127.0.0.1', subscriptionApiUrl: 'http://127.0.0.1:4001/' });
    expect(config.webDist).toMatch(/apps\/web\/dist$/);
  });

  it('names every bad variable in one message', () => {
    expect(() => loadConfig({ PORT: 'eighty', SUBSCRIPTION_API_URL: 'not a url' })).toThrow(
      /Invalid configuration of the gateway:\n {2}PORT: .+\n {2}SUBSCRIPTION_API_URL: must be the http\(s\) address/,
    );
  });

  it('takes the service credential from SERVICE_TOKEN, requires it in production and refuses a short one', () => {
    const token = 'a-service-token-of-at-least-32-characters';
    expect(loadConfig({ SERVICE_TOKEN: token }).serviceToken).toBe(token);
    expect(loadConfig({}).serviceToken).toHaveLength(64);
    expect(loadConfig({}).serviceToken).not.toBe(loadConfig({}).serviceToken);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SERVICE_TOKEN: required in production/);
    expect(() => loadConfig({ SERVICE_TOKEN: 'short' })).toThrow(/SERVICE_TOKEN: must be at least 32 characters/);
  });

  it('takes the captcha secret before a rotation from CAPTCHA_SECRET_PREVIOUS, and refuses a short one', () => {
    const previous = 'the-captcha-secret-before-the-rotation';
    expect(loadConfig({ CAPTCHA_SECRET_PREVIOUS: previous }).previousCaptchaSecret).toBe(previous);
    expect(loadConfig({}).previousCaptchaSecret).toBeUndefined();
    expect(() => loadConfig({ CAPTCHA_SECRET_PREVIOUS: 'short' })).toThrow(/CAPTCHA_SECRET_PREVIOUS: must be at least 32 characters/);
  });

  it('refuses to start in production without the secrets every instance must share, naming each', () => {
    const token = 'a-service-token-of-at-least-32-characters';
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SERVICE_TOKEN: required in production.*\n {2}CAPTCHA_SECRET: required in production \(the same value on every gateway instance\)/s,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', SERVICE_TOKEN: token })).toThrow(/CAPTCHA_SECRET: required in production/);
    const secret = 'a-captcha-secret-of-at-least-32-characters';
    expect(loadConfig({ NODE_ENV: 'production', SERVICE_TOKEN: token, CAPTCHA_SECRET: secret }).captchaSecret).toBe(secret);
  });

  it('spreads calls over several REST instances named with commas, calling the first by name', () => {
    const config = loadConfig({ SUBSCRIPTION_API_URL: 'http://127.0.0.1:4001, http://127.0.0.1:4011/' });
    expect(config.subscriptionApiUrl).toBe('http://127.0.0.1:4001/');
    expect(config.subscriptionApiReplicas).toEqual(['http://127.0.0.1:4001/', 'http://127.0.0.1:4011/']);
    expect(loadConfig({}).subscriptionApiReplicas).toEqual([]);
    expect(() => loadConfig({ SUBSCRIPTION_API_URL: 'http://127.0.0.1:4001,nonsense' })).toThrow(/SUBSCRIPTION_API_URL.*must be the http/);
  });

  it('runs operations compiled by graphql-jit unless GRAPHQL_EXECUTOR names graphql-js, and refuses another name', () => {
    expect(loadConfig({}).executor).toBe('jit');
    expect(loadConfig({ GRAPHQL_EXECUTOR: 'graphql-js' }).executor).toBe('graphql-js');
    expect(() => loadConfig({ GRAPHQL_EXECUTOR: 'fast' })).toThrow(/GRAPHQL_EXECUTOR: must be one of jit, graphql-js/);
  });

  it('trusts no proxy unless one is named', () => {
    expect(loadConfig({}).trustProxy).toBe('none');
    expect(loadConfig({ TRUST_PROXY: '127.0.0.2' }).trustProxy).toBe('127.0.0.2');
  });
});
