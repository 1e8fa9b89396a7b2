// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { colorMode, toggleColorMode } from './colorMode';

function systemPrefers(mode: 'light' | 'dark') {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === '(prefers-color-scheme: dark)' && mode === 'dark',
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

const root = () => document.documentElement;

describe('colour mode', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    vi.restoreAllMocks();
    root().className = '';
  });

  it("follows the system's setting until the visitor chooses", () => {
    systemPrefers('dark');
    expect(colorMode()).toBe('dark');
    systemPrefers('light');
    expect(colorMode()).toBe('light');
  });

  it('remembers a choice against the system, and applies it to the page', () => {
    systemPrefers('light');
    toggleColorMode();
    expect(colorMode()).toBe('dark');
    expect(window.localStorage.getItem('yozy-color-mode')).toBe('dark');
    expect(root().classList.contains('dark')).toBe(true);
    expect(root().style.colorScheme).toBe('dark');
  });

  it("forgets the choice when the visitor switches back to the system's mode", () => {
    systemPrefers('light');
    toggleColorMode();
    toggleColorMode();
    expect(colorMode()).toBe('light');
    expect(window.localStorage.getItem('yozy-color-mode')).toBeNull();
    expect(root().classList.contains('dark')).toBe(false);
    expect(root().classList.contains('light')).toBe(true);
  });
});
