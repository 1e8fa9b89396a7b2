import { Box, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ProblemNotice } from '../../../components/ProblemNotice';
import {
  useOrganizationSettingsQuery,
  useOrganizationSettingsUpdateMutation,
  type OrganizationSettingsFieldsFragment,
} from '../../../generated/graphql';
import { formatDateTime } from '../../../lib/dates';
import { describeRequestError } from '../../../lib/requestErrors';
import { toaster } from '../../../lib/toaster';
import { useMutationForm } from '../../../lib/useMutationForm';
import { OrganizationSettingsForm } from '../components/OrganizationSettingsForm';

const settingsFormSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.organizationSettingsForm);

export type OrganizationSettingsPanelProps = {
  /** The organisation whose settings to show; the viewer's own when absent (a SuperAdmin passes one). */
  organizationId?: string;
  /** Inside another page (an organisation tab, Privacy & Setting): its heading is a section's (h2). */
  embedded?: boolean;
};

const formValues = (settings: OrganizationSettingsFieldsFragment) => ({
  requiresApproval: settings.requiresApproval,
  twoFactorRequired: settings.twoFactorRequired,
  sessionIdleMinutes: settings.sessionIdleMinutes === null ? '' : String(settings.sessionIdleMinutes),
  allowedEmailDomains: settings.allowedEmailDomains.join('\n'),
});

function SettingsEditor({ settings, organizationId }: { settings: OrganizationSettingsFieldsFragment; organizationId?: string }) {
  const [update] = useOrganizationSettingsUpdateMutation();
  const kit = useMutationForm({
    schema: settingsFormSchema,
    defaultValues: formValues(settings),
    call: async (input) => (await update({ variables: { organizationId, input } })).data?.updateOrganizationSettings,
    onSuccess: (payload) => {
      if (payload.settings) kit.form.reset(formValues(payload.settings));
      toaster.success({ title: 'Settings saved', closable: true });
    },
  });
  return <OrganizationSettingsForm kit={kit} />;
}

/**
 * An organisation's settings: approval of the people the provider adds, two-factor for everyone, how long an unused session lasts, and the
 * email domains invitations may go to. Its admins keep their own; the provider any organisation's.
 */
export function OrganizationSettingsPanel({ organizationId, embedded = false }: OrganizationSettingsPanelProps) {
  const { data, loading, error, refetch } = useOrganizationSettingsQuery({ variables: { organizationId } });
  const settings = data?.organizationSettings;
  return (
    <Box data-testid="organization-settings">
      <Heading as={embedded ? 'h2' : 'h1'} size="md" mb="2">
        Organization settings
      </Heading>
      <Text color="fg.muted" maxW="prose" mb="5">
        How the organization’s people sign in and who may be invited.
        {settings?.updatedAt && ` Last changed ${formatDateTime(settings.updatedAt)}.`}
      </Text>
      {settings ? (
        <SettingsEditor key={settings.organizationId} settings={settings} organizationId={organizationId} />
      ) : loading ? (
        <Stack gap="4" maxW="xl" data-testid="organization-settings-loading">
          <Skeleton height="6" />
          <Skeleton height="10" />
          <Skeleton height="24" />
        </Stack>
      ) : (
        <ProblemNotice
          title="The settings could not be loaded"
          message={describeRequestError(error)}
          actionLabel="Try again"
          onAction={() => void refetch().catch(() => undefined)}
        />
      )}
    </Box>
  );
}
