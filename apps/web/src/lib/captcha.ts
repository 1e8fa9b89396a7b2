import type {} from 'altcha'; // the <altcha-widget> element's types
import { loadChunk } from './loadChunk';

type WidgetConfiguration = Parameters<HTMLElementTagNameMap['altcha-widget']['configure']>[0];

/**
 * Solves the gateway's ALTCHA proof-of-work challenge (the JSON of `captchaChallenge`) with the
 * `altcha` widget, invisible and off the main thread, and returns the payload the gateway
 * verifies: base64 of {challenge, solution}. The widget's code is loaded on first use so it does
 * not weigh on the first screen.
 */
export async function solveCaptcha(challengeJson: string): Promise<string> {
  const challenge = JSON.parse(challengeJson) as WidgetConfiguration['challenge'];
  await loadChunk(() => import('altcha'));
  const widget = document.createElement('altcha-widget');
  // The element's methods exist once it has mounted, which it announces with `load`.
  const loaded = new Promise((resolve) => widget.addEventListener('load', resolve, { once: true }));
  document.body.append(widget);
  try {
    await loaded;
    await widget.configure({ challenge, display: 'invisible', auto: 'off', minDuration: 0, hideLogo: true, hideFooter: true });
    const result = await widget.verify();
    if (!result?.payload) throw new Error('The captcha challenge could not be solved');
    return result.payload;
  } finally {
    widget.remove();
  }
}
