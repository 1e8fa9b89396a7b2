import { Stack } from '@chakra-ui/react';
import { Suspense } from 'react';
import { ScreenSpinner } from '@/components/ScreenSpinner';
import { DomainsSection } from '@/features/organizationDomains/views/DomainsSection';
import { OrganizationSettingsPanel } from '@/features/organizationSettings/views/OrganizationSettingsPanel';
import { WebhooksScreen } from '@/features/webhooks/WebhooksScreen';

type Props = {
  /** The organisation the provider looks at. */
  organizationId?: string;
  /** Inside the provider's organisation tabs. */
  embedded?: boolean;
};

/**
 * The provider's "Setting Details" tab of an organisation: the settings that apply to everyone in
 * it, its email domains, and its webhook endpoints, which the provider keeps for it there. (Its own admins find the
 * webhooks under Privacy & Setting.)
 */
export function SettingDetailsSection({ organizationId, embedded = true }: Props) {
  return (
    <Stack gap="8">
      <OrganizationSettingsPanel organizationId={organizationId} embedded={embedded} />
      <DomainsSection organizationId={organizationId} />
      <Suspense fallback={<ScreenSpinner />}>
        <WebhooksScreen organizationId={organizationId} embedded={embedded} />
      </Suspense>
    </Stack>
  );
}
