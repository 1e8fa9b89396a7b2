import { Button, Input, Stack, Textarea } from '@chakra-ui/react';
import { SESSION_IDLE_MINUTES_MAX, SESSION_IDLE_MINUTES_MIN, type organizationSettingsForm } from '@yozy/shared';
import { CheckboxField } from '@/components/CheckboxField';
import { FormField } from '@/components/FormField';
import { MutationForm } from '@/components/MutationForm';
import type { MutationForm as Kit } from '@/lib/useMutationForm';

type Props = { kit: Kit<typeof organizationSettingsForm> };

/** Approval of new people, two-factor for everyone, the idle limit of sessions, and the domains invitations may go to. */
export function OrganizationSettingsForm({ kit }: Props) {
  return (
    <MutationForm kit={kit} label="Organization settings" testId="organization-settings-form" alertTestId="organization-settings-error">
      <Stack gap="6" maxW="xl">
        <CheckboxField
          form={kit.form}
          name="requiresApproval"
          label="Approve new people the provider adds"
          help="People the provider adds to the organization wait for an admin here to approve them before they are invited."
          testId="setting-requires-approval"
        />
        <CheckboxField
          form={kit.form}
          name="twoFactorRequired"
          label="Require two-factor sign-in for everyone"
          help="People without an authenticator app set one up the next time they sign in."
          testId="setting-two-factor"
        />
        <FormField
          name="sessionIdleMinutes"
          label="End sessions left idle for (minutes)"
          help={`From ${SESSION_IDLE_MINUTES_MIN} to ${SESSION_IDLE_MINUTES_MAX}. Leave empty to keep sessions until they expire after a day.`}
          testId="setting-idle-minutes"
        >
          {(control) => <Input inputMode="numeric" autoComplete="off" maxW="40" {...control} />}
        </FormField>
        <FormField
          name="allowedEmailDomains"
          label="Invite only addresses at these domains"
          help="One domain per line, such as example.com. Leave empty to invite any address."
          testId="setting-allowed-domains"
        >
          {(control) => <Textarea rows={4} autoComplete="off" spellCheck={false} {...control} />}
        </FormField>
        <Button
          type="submit"
          colorPalette="brand"
          alignSelf="start"
          loading={kit.submitting}
          loadingText="Saving…"
          data-testid="organization-settings-submit"
        >
          Save settings
        </Button>
      </Stack>
    </MutationForm>
  );
}
