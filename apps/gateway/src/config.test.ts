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
});
