import Bowser from 'bowser';

export type ParsedUserAgent = { browser: string | null; operatingSystem: string | null; device: string | null };

const NOTHING: ParsedUserAgent = Object.freeze({ browser: null, operatingSystem: null, device: null });

/**
 * The user-agent texts read lately, each with what it names: a list of sessions shows the same few
 * browsers on every row and asks three fields of each, and Bowser's parse is the costliest step of
 * the list. Bounded, oldest first out, so odd texts sent on purpose cannot grow it.
 */
const parsed = new Map<string, ParsedUserAgent>();
export const PARSED_USER_AGENTS_KEPT = 500;

/** The browser, operating system and kind of device a user-agent text names, as far as it names them. */
export function parseUserAgent(userAgent: string | null | undefined): ParsedUserAgent {
  if (!userAgent) return NOTHING;
  let answer = parsed.get(userAgent);
  if (!answer) {
    answer = Object.freeze(parse(userAgent));
    if (parsed.size >= PARSED_USER_AGENTS_KEPT) parsed.delete(parsed.keys().next().value!);
    parsed.set(userAgent, answer);
  }
  return answer;
}

function parse(userAgent: string): ParsedUserAgent {
  const { browser, os, platform } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const osVersion = os.versionName ?? os.version?.split('.').slice(0, 1).join('.');
  return {
    browser: browser.name ? [browser.name, major].filter(Boolean).join(' ') : null,
    operatingSystem: os.name ? [os.name, osVersion].filter(Boolean).join(' ') : null,
    device: platform.type ?? null,
  };
}
