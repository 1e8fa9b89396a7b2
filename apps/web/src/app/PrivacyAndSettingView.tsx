import { Card, Stack } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Navigate, useMatch } from 'react-router-dom';
import { LinkTabs } from '@/components/LinkTabs';
import { PageHeader } from '@/components/PageHeader';
import { ScreenSpinner } from '@/components/ScreenSpinner';
import { EmailSettingsPanel } from '@/features/emailSettings/views/EmailSettingsPanel';
import { WebhooksScreen } from '@/features/webhooks/WebhooksScreen';
import { OrganizationSettingsPanel } from '@/features/organizationSettings/views/OrganizationSettingsPanel';
import { DomainsSection } from '@/features/organizationDomains/views/DomainsSection';
import { SsoSettingsPanel } from '@/features/singleSignOn/views/SsoSettingsPanel';
import { findPrivacySection, PRIVACY_SECTIONS, privacySectionPath, privacySectionRoute, twoFactorPath } from '@/features/twoFactor/urls';
import TwoFactorView from '@/features/twoFactor/views/TwoFactorView';
import { useViewerQuery } from '@/generated/graphql';
import { menuEntryName } from '@/lib/menu';

/**
 * Privacy & Setting, in tabs at their own addresses: "My account" (the person's own password,
 * two-factor sign-in and sessions) and, for an organisation's admin only, "Organization" (the
 * settings that apply to everyone in the organisation, its single sign-on and its email settings)
 * and "Webhooks" (the addresses its other systems are told of its changes at).
 */
export default function PrivacyAndSettingView() {
  const { data } = useViewerQuery();
  const requested = findPrivacySection(useMatch(privacySectionRoute)?.params.section);
  if (!data) return <ScreenSpinner />;
  const organizationAdmin = data.viewer?.typeOfUser === 'ORG_ADMIN';
  // The organisation's settings and its webhooks are its admins' only.
  const sections = PRIVACY_SECTIONS.filter((section) => section.slug === 'account' || organizationAdmin);
  const section = requested && sections.includes(requested) ? requested : undefined;
  // The menu's address, an old link, or a tab this person may not see: open the first tab (everyone's).
  if (!section) return <Navigate to={privacySectionPath(PRIVACY_SECTIONS[0].slug)} replace />;
  const content =
    section.slug === 'account' ? (
      <TwoFactorView />
    ) : section.slug === 'webhooks' ? (
      <Suspense fallback={<ScreenSpinner />}>
        <WebhooksScreen embedded />
      </Suspense>
    ) : (
      <OrganizationSections />
    );
  return (
    <>
      <PageHeader title={menuEntryName(twoFactorPath)} />
      {sections.length > 1 ? (
        <LinkTabs
          label="Privacy & Setting sections"
          tabs={sections.map((tab) => ({ value: tab.slug, label: tab.label, to: privacySectionPath(tab.slug) }))}
          value={section.slug}
          testId="privacy-tabs"
        >
          {content}
        </LinkTabs>
      ) : (
        content
      )}
    </>
  );
}

function OrganizationSections() {
  return (
    <Stack gap="6">
      <Card.Root as="section">
        <Card.Body>
          <OrganizationSettingsPanel embedded />
        </Card.Body>
      </Card.Root>
      <Card.Root as="section">
        <Card.Body>
          <DomainsSection />
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
    </Stack>
  );
}
