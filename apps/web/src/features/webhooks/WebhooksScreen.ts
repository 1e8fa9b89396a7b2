import { lazyScreen } from '@/lib/lazyScreen';
import type { WebhooksPanelProps } from './views/WebhooksPanel';

/**
 * The Webhooks screen, its code fetched when it is first shown. The screens that show it import
 * this small module, so the list of the screen's many parts, which the browser preloads with it,
 * stays out of their own code.
 */
export const WebhooksScreen = lazyScreen<WebhooksPanelProps>(() =>
  import('./views/WebhooksPanel').then((m) => ({ default: m.WebhooksPanel })),
);
