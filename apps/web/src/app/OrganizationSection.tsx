import { Box, Text } from '@chakra-ui/react';
import { Suspense, type ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { ScreenSpinner } from '@/components/ScreenSpinner';

/** A screen an organisation admin uses for their own organisation, which a SuperAdmin opens for any. */
export type OrganizationScreen = ComponentType<{ organizationId?: string; embedded?: boolean }>;

/**
 * One of an organisation's tabs showing the organisation admin's screen for the organisation in
 * the address. The page's name and tab strip stay while the tab's code loads.
 */
export function OrganizationSection({ screen: Screen }: { screen: OrganizationScreen }) {
  const { clientId } = useParams();
  return (
    <Suspense fallback={<ScreenSpinner />}>
      <Screen organizationId={clientId} embedded />
    </Suspense>
  );
}

/** A tab whose screen the console does not have yet: it says so instead of showing an empty page. */
export function OrganizationSectionNotYet() {
  return (
    <Box borderWidth="1px" borderStyle="dashed" borderRadius="md" p="6" data-testid="organization-section-not-yet">
      <Text color="fg.muted">This section cannot be managed from the console yet.</Text>
    </Box>
  );
}
