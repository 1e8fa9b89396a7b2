import { useApolloClient } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { SettingsPanel } from '@/components/SettingsPanel';
import {
  useOrganizationSettingsQuery,
  useOrganizationSettingsUpdateMutation,
  useViewerQuery,
  ViewerDocument,
  type OrganizationSettingsFieldsFragment,
} from '@/generated/graphql';
import { forgetViewer } from '@/lib/forgetViewer';
import { toaster } from '@/lib/toaster';
import { useMutationForm } from '@/lib/useMutationForm';
import { loginPath } from '@/features/auth/urls';
import { OrganizationSettingsForm } from '@/features/organizationSettings/components/OrganizationSettingsForm';

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

/**
 * Requiring two-factor ends the sessions of everyone without it (the REST service does so as it
 * saves), so the admin is asked first; when their own session ended with the others, the console
 * forgets it and goes back to the sign-in page, where they set two-factor up.
 */
function SettingsEditor({ settings, organizationId }: { settings: OrganizationSettingsFieldsFragment; organizationId?: string }) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const viewer = useViewerQuery().data?.viewer;
  const own = !organizationId || organizationId === viewer?.organization.id;
  const [confirming, setConfirming] = useState(false);
  const [update] = useOrganizationSettingsUpdateMutation();
  const kit = useMutationForm({
    schema: settingsFormSchema,
    defaultValues: formValues(settings),
    call: async (input) => (await update({ variables: { organizationId, input } })).data?.updateOrganizationSettings,
    onSuccess: async (payload) => {
      if (payload.settings) kit.form.reset(formValues(payload.settings));
      toaster.success({ title: 'Settings saved', closable: true });
      if (own && payload.settings?.twoFactorRequired && !settings.twoFactorRequired && !(await stillSignedIn())) {
        toaster.info({
          title: 'You were signed out',
          description: 'Two-factor sign-in is now required. Sign in again to set it up.',
          closable: true,
        });
        if (await forgetViewer(client)) await navigate(loginPath, { replace: true });
        else window.location.assign(loginPath);
      }
    },
  });
  const stillSignedIn = () =>
    client.query({ query: ViewerDocument, fetchPolicy: 'network-only' }).then(
      ({ data }) => Boolean(data?.viewer),
      () => true,
    );
  const requiring = () => kit.form.getValues('twoFactorRequired') && !settings.twoFactorRequired;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (requiring()) setConfirming(true);
    else kit.onSubmit();
  };

  return (
    <>
      <OrganizationSettingsForm kit={{ ...kit, onSubmit: submit }} />
      <ConfirmDialog
        open={confirming}
        title="Require two-factor sign-in?"
        confirmLabel="Require two-factor sign-in"
        destructive
        onConfirm={async () => kit.onSubmit()}
        onClose={() => setConfirming(false)}
        testId="require-two-factor-dialog"
      >
        {own
          ? 'Everyone in your organization who has not set up two-factor sign-in is signed out now, you too if you have not, and sets it up with an authenticator app at their next sign-in.'
          : 'Everyone in this organization who has not set up two-factor sign-in is signed out now, and sets it up with an authenticator app at their next sign-in.'}
      </ConfirmDialog>
    </>
  );
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
