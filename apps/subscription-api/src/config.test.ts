import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the embedded database in ./data by default', () => {
    const config = loadConfig({});
    expect(config.database).toEqual({ dataDir: expect.stringMatching(/\/data$/) });
    expect(config.port).toBe(4001);
  });

  it('switches to a PostgreSQL server when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/yozy' }).database).toEqual({ url: 'postgres://u:p@db:5432/yozy' });
  });

  it('refuses a DATABASE_URL that is not a PostgreSQL address', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/yozy' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ connection string/);
  });
});
