import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REST_OPERATIONS } from '#generated/restOperations';

const FOLDER = new URL('./', import.meta.url);
/** Every data source of the REST service: each file here but the shared base, the types and the tests. */
const SOURCES = readdirSync(FOLDER).filter((name) => /^[A-Z]\w*Api\.ts$/.test(name));

/** A file's code without its comments, which may quote a path or an address. */
const codeOf = (name: string) =>
  readFileSync(new URL(name, FOLDER), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

describe('the data sources name REST operations, never paths or methods', () => {
  it('finds the data sources', () => {
    expect(SOURCES).toContain('UserApi.ts');
    expect(SOURCES.length).toBeGreaterThan(10);
  });

  it.each(SOURCES)('%s calls through op() and page() only, with no path of its own', (name) => {
    const code = codeOf(name);
    // RESTDataSource's own methods, or the typed call by path this replaced.
    expect(code.match(/this\.(get|head|post|put|patch|delete|fetch|call|getPage)\s*\(/g) ?? []).toEqual([]);
    // A REST path written out, as text or the start of a template.
    expect(code.match(/['"`]\/[A-Za-z_{][^'"`]*/g) ?? []).toEqual([]);
  });

  it('knows the method and path of each operation from the OpenAPI document', () => {
    expect(REST_OPERATIONS.setUserRole).toEqual({ method: 'post', path: '/subscription/users/role' });
    expect(REST_OPERATIONS.getProfile).toEqual({ method: 'get', path: '/users/me' });
  });
});
