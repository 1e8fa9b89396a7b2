import { Box, Button, Code, Flex, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { CheckboxField } from '@/components/CheckboxField';
import { CopyButton } from '@/components/CopyButton';
import { FormField } from '@/components/FormField';
import { MutationForm } from '@/components/MutationForm';
import { OutcomeAlert, type Outcome } from '@/components/OutcomeAlert';
import { SettingsPanel } from '@/components/SettingsPanel';
import {
  useSsoDiscoveryLazyQuery,
  useSsoSettingsQuery,
  useSsoSettingsUpdateMutation,
  type SsoSettingsFieldsFragment,
} from '@/generated/graphql';
import { ProvisioningSection } from '@/features/singleSignOn/views/ProvisioningSection';
import { describeRequestError, errorMessage } from '@/lib/requestErrors';
import { toaster } from '@/lib/toaster';
import { useMutationForm } from '@/lib/useMutationForm';

const ssoFormSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.ssoSettingsForm);

export type SsoSettingsPanelProps = {
  /** The organisation; the viewer's own when absent. */
  organizationId?: string;
  /** Inside another page (an organisation tab, Privacy & Setting): its heading is a section's (h2). */
  embedded?: boolean;
};

type Settings = SsoSettingsFieldsFragment;

const formValues = (settings: Settings) => ({
  enabled: settings.enabled,
  issuer: settings.issuer ?? '',
  clientId: settings.clientId ?? '',
  clientSecret: '',
  requireSso: settings.requireSso,
  allowJit: settings.allowJit,
  mfaAcrValues: settings.mfaAcrValues.join('\n'),
});

/** Where the identity provider sends people back: registered there as the client's redirect URI. */
const callbackAddress = () => `${window.location.origin}/sso/callback`;

function SsoForm({ settings, organizationId }: { settings: Settings; organizationId?: string }) {
  const [update] = useSsoSettingsUpdateMutation();
  const [discover, discovering] = useSsoDiscoveryLazyQuery({ fetchPolicy: 'no-cache' });
  const [tested, setTested] = useState<Outcome | null>(null);
  const kit = useMutationForm({
    schema: ssoFormSchema,
    defaultValues: formValues(settings),
    call: async (input) => (await update({ variables: { organizationId, input } })).data?.updateSsoSettings,
    onSuccess: (payload) => {
      if (payload.settings) kit.form.reset(formValues(payload.settings));
      toaster.success({ title: 'Single sign-on saved', closable: true });
    },
  });

  const test = async () => {
    setTested(null);
    const issuer = kit.form.getValues('issuer')?.trim() ?? '';
    if (!issuer) return setTested({ ok: false, title: 'Enter the issuer’s address first.' });
    try {
      const answer = (await discover({ variables: { organizationId, issuer } })).data?.ssoDiscovery;
      const found = answer?.discovery;
      if (!found) return setTested({ ok: false, title: answer?.errors[0] ? errorMessage(answer.errors[0]) : 'Nothing was found' });
      setTested({
        ok: true,
        title: 'The issuer answered',
        details: [
          `Issuer: ${found.issuer}`,
          `Sign-in: ${found.authorizationEndpoint ?? 'not given'}`,
          `Token: ${found.tokenEndpoint ?? 'not given'}`,
          `PKCE (S256): ${found.pkce ? 'supported' : 'not announced'}`,
          `Scopes: ${found.scopesSupported.join(', ') || 'not given'}`,
        ],
      });
    } catch (error) {
      setTested({ ok: false, title: describeRequestError(error) });
    }
  };

  return (
    <MutationForm kit={kit} label="Single sign-on" testId="sso-form" alertTestId="sso-error">
      <Stack gap="6">
        <CheckboxField
          form={kit.form}
          name="enabled"
          label="Sign in with the organization’s identity provider"
          help="People of the organization’s verified domains (under Domains, in the organization’s settings) sign in through it (OpenID Connect, authorization code with PKCE)."
          testId="sso-enabled"
        />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField name="issuer" label="Issuer" help="Such as https://login.example.com" testId="sso-issuer">
            {(control) => <Input {...control} autoComplete="off" spellCheck={false} />}
          </FormField>
          <FormField name="clientId" label="Client id" testId="sso-client-id">
            {(control) => <Input {...control} autoComplete="off" spellCheck={false} />}
          </FormField>
          <FormField
            name="clientSecret"
            label="Client secret"
            help={settings.clientSecretSet ? 'A secret is stored. Leave empty to keep it.' : 'Kept encrypted; never shown again.'}
            testId="sso-client-secret"
          >
            {(control) => <Input {...control} type="password" autoComplete="new-password" />}
          </FormField>
          <Stack gap="1.5">
            <Text fontSize="sm" fontWeight="medium">
              Redirect URI to register at the identity provider
            </Text>
            <Flex gap="2" align="center">
              <Code flex="1" minW="0" p="2" truncate data-testid="sso-redirect-uri">
                {callbackAddress()}
              </Code>
              <CopyButton text={callbackAddress()} what="redirect URI" testId="sso-redirect-copy" />
            </Flex>
          </Stack>
        </SimpleGrid>
        <Box>
          <Button variant="outline" onClick={() => void test()} loading={discovering.loading} data-testid="sso-test">
            Test the issuer
          </Button>
          {tested && <OutcomeAlert outcome={tested} mt="3" testId="sso-test-outcome" />}
        </Box>
        <CheckboxField
          form={kit.form}
          name="requireSso"
          label="Require single sign-on"
          help="A password sign-in of the verified domains is refused: people continue with single sign-on."
          testId="sso-require"
        />
        <CheckboxField
          form={kit.form}
          name="allowJit"
          label="Create accounts for new people"
          help="Someone of these domains without an account gets one as a member when a seat is free; otherwise they are refused."
          testId="sso-jit"
        />
        <FormField
          name="mfaAcrValues"
          label="Multi-factor context values (acr)"
          help="Optional, one per line. A sign-in whose identity provider reports multi-factor (amr mfa, otp, hwk, swk or sc), or one of these acr values, is not asked for the console’s own two-factor code."
          testId="sso-mfa-acr"
        >
          {(control) => <Textarea rows={2} autoComplete="off" spellCheck={false} {...control} />}
        </FormField>
        <Button type="submit" colorPalette="brand" alignSelf="start" loading={kit.submitting} loadingText="Saving…" data-testid="sso-save">
          Save single sign-on
        </Button>
      </Stack>
    </MutationForm>
  );
}

/**
 * An organisation's single sign-on: its OpenID Connect provider and how strictly it is used; and
 * SCIM provisioning. Both cover the organisation's verified domains (its Domains section).
 */
export function SsoSettingsPanel({ organizationId, embedded = false }: SsoSettingsPanelProps) {
  const { data, loading, error, refetch } = useSsoSettingsQuery({ variables: { organizationId } });
  const settings = data?.ssoSettings;
  return (
    <SettingsPanel
      title="Single sign-on"
      description="Let the organization’s people sign in with its own identity provider, and let it provision them."
      updatedAt={settings?.updatedAt}
      embedded={embedded}
      testId="sso-settings"
      loaded={!!settings}
      loading={loading}
      error={error}
      onRetry={() => void refetch().catch(() => undefined)}
    >
      {settings && (
        <Stack gap="8">
          <SsoForm key={settings.organizationId} settings={settings} organizationId={organizationId} />
          <ProvisioningSection organizationId={organizationId} />
        </Stack>
      )}
    </SettingsPanel>
  );
}
