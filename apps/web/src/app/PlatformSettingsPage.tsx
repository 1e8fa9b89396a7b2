import type { AuditLogScreenProps } from '@/features/auditLog/views/AuditLogScreen';
import type { EmailSettingsPanelProps } from '@/features/emailSettings/views/EmailSettingsPanel';
import PlatformSettingsView from '@/features/platformSettings/views/PlatformSettingsView';
import { WebhooksScreen } from '@/features/webhooks/WebhooksScreen';
import { lazyScreen } from '@/lib/lazyScreen';

// The sections other features draw, each fetched when its tab is first opened. They are named
// here, in the page's own code, rather than in the first download.
const EmailSettings = lazyScreen<EmailSettingsPanelProps>(() =>
  import('@/features/emailSettings/views/EmailSettingsPanel').then((m) => ({ default: m.EmailSettingsPanel })),
);
const Outbox = lazyScreen<object>(() => import('@/features/emailSettings/views/OutboxSection').then((m) => ({ default: m.OutboxSection })));
const PlatformAuditLog = lazyScreen<AuditLogScreenProps>(() =>
  import('@/features/auditLog/views/AuditLogScreen').then((m) => ({ default: m.AuditLogScreen })),
);

/** Platform Settings with the sections other features draw: the provider's email settings, outbox, webhooks and audit log. */
export default function PlatformSettingsPage() {
  return (
    <PlatformSettingsView
      sections={{
        email: <EmailSettings embedded platform />,
        outbox: <Outbox />,
        webhooks: <WebhooksScreen embedded platform />,
        audit: <PlatformAuditLog embedded platformWide />,
      }}
    />
  );
}
