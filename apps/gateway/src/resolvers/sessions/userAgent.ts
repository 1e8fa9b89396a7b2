import Bowser from 'bowser';

export type ParsedUserAgent = { browser: string | null; operatingSystem: string | null; device: string | null };

const NOTHING: ParsedUserAgent = { browser: null, operatingSystem: null, device: null };

/** The browser, operating system and kind of device a user-agent text names, as far as it names them. */
export function parseUserAgent(userAgent: string | null | undefined): ParsedUserAgent {
  if (!userAgent) return NOTHING;
  const { browser, os, platform } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const osVersion = os.versionName ?? os.version?.split('.').slice(0, 1).join('.');
  return {
    browser: browser.name ? [browser.name, major].filter(Boolean).join(' ') : null,
    operatingSystem: os.name ? [os.name, osVersion].filter(Boolean).join(' ') : null,
    device: platform.type ?? null,
  };
}
