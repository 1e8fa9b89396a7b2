import { Card, Stack } from '@chakra-ui/react';
import { EmailSettingsPanel } from '@/features/emailSettings/views/EmailSettingsPanel';
import { OrganizationSettingsPanel } from '@/features/organizationSettings/views/OrganizationSettingsPanel';
import { SsoSettingsPanel } from '@/features/singleSignOn/views/SsoSettingsPanel';
import TwoFactorView from '@/features/twoFactor/views/TwoFactorView';
import { useViewerQuery } from '@/generated/graphql';

/**
 * Privacy & Setting: a person's own sign-in (two-factor, password, sessions) and, for an
 * organisation's admin, the settings that apply to everyone in the organisation, its single sign-on
 * and its email settings.
 */
export default function PrivacyAndSettingView() {
  const { data } = useViewerQuery();
  const organizationAdmin = data?.viewer?.typeOfUser === 'ORG_ADMIN';
  return (
    <Stack gap="6">
      <TwoFactorView />
      {organizationAdmin && (
        <>
          <Card.Root as="section">
            <Card.Body>
              <OrganizationSettingsPanel embedded />
            </Card.Body>
          </Card.Root>
          <Card.Root as="section">
            <Card.Body>
              <SsoSettingsPanel embedded />
            </Card.Body>
          </Card.Root>
          <Card.Root as="section">
            <Card.Body>
              <EmailSettingsPanel embedded />
            </Card.Body>
          </Card.Root>
        </>
      )}
    </Stack>
  );
}
