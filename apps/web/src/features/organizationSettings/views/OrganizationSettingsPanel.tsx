import { SettingsPanel } from '../../../components/SettingsPanel';
import {
  useOrganizationSettingsQuery,
  useOrganizationSettingsUpdateMutation,
  type OrganizationSettingsFieldsFragment,
} from '../../../generated/graphql';
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
    <SettingsPanel
      title="Organization settings"
      description="How the organization’s people sign in and who may be invited."
      updatedAt={settings?.updatedAt}
      embedded={embedded}
      testId="organization-settings"
      loaded={!!settings}
      loading={loading}
      error={error}
      onRetry={() => void refetch().catch(() => undefined)}
    >
      {settings && <SettingsEditor key={settings.organizationId} settings={settings} organizationId={organizationId} />}
    </SettingsPanel>
  );
}
