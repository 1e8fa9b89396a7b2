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
});
