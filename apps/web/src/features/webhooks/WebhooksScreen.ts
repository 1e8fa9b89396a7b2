import { lazyScreen } from '@/lib/lazyScreen';
import type { WebhooksPanelProps } from './views/WebhooksPanel';

/**
 * The Webhooks screen, its code fetched when it is first shown. The screens that show it import
 * this small module (the first download only through a dynamic import of it), so the list of the
 * screen's many parts, which the browser preloads with it, stays out of their own code.
 */
export const WebhooksScreen = lazyScreen<WebhooksPanelProps>(() =>
  import('./views/WebhooksPanel').then((m) => ({ default: m.WebhooksPanel })),
);

/** The screen with its code fetched, for a lazy screen that reaches it through this module. */
export async function loadWebhooksScreen() {
  await WebhooksScreen.preload();
  return { default: WebhooksScreen };
}
