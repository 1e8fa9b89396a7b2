import { Button, Checkbox, Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { SESSION_IDLE_MINUTES_MAX, SESSION_IDLE_MINUTES_MIN, type organizationSettingsForm } from '@yozy/shared';
import { Controller } from 'react-hook-form';
import { FormField } from '../../../components/FormField';
import { MutationForm } from '../../../components/MutationForm';
import type { MutationForm as Kit } from '../../../lib/useMutationForm';

type Props = { kit: Kit<typeof organizationSettingsForm> };

/** Two-factor for everyone, the idle limit of sessions, and the domains invitations may go to. */
export function OrganizationSettingsForm({ kit }: Props) {
  return (
    <MutationForm kit={kit} label="Organization settings" testId="organization-settings-form" alertTestId="organization-settings-error">
      <Stack gap="6" maxW="xl">
        <Controller
          control={kit.form.control}
          name="twoFactorRequired"
          render={({ field }) => (
            <Field.Root>
              <Checkbox.Root
                colorPalette="brand"
                checked={field.value === true}
                onCheckedChange={(details) => field.onChange(details.checked === true)}
                alignItems="flex-start"
              >
                <Checkbox.HiddenInput ref={field.ref} name={field.name} onBlur={field.onBlur} data-testid="setting-two-factor" />
                <Checkbox.Control mt="0.5" />
                <Stack gap="0.5">
                  <Checkbox.Label>Require two-factor sign-in for everyone</Checkbox.Label>
                  <Text fontSize="sm" color="fg.muted">
                    People without an authenticator app set one up the next time they sign in.
                  </Text>
                </Stack>
              </Checkbox.Root>
            </Field.Root>
          )}
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
