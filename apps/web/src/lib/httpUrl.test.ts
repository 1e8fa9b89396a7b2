import { describe, expect, it } from 'vitest';
import { httpUrl } from './httpUrl';

describe('httpUrl', () => {
  it.each([
    ['https://lite.yozy.example/', 'https://lite.yozy.example/'],
    ['http://127.0.0.1:5173/app', 'http://127.0.0.1:5173/app'],
    ['javascript:alert(1)', null],
    ['/relative/path', null],
    ['', null],
    [null, null],
  ])('%s -> %s', (value, expected) => {
    expect(httpUrl(value)).toBe(expected);
  });
});
