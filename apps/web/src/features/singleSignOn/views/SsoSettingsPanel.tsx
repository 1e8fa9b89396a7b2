import { Box, Button, Code, Flex, Heading, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { CheckboxField } from '@/components/CheckboxField';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { CopyButton } from '@/components/CopyButton';
import { FormAlert } from '@/components/FormAlert';
import { FormField } from '@/components/FormField';
import { MutationForm } from '@/components/MutationForm';
import { OutcomeAlert, type Outcome } from '@/components/OutcomeAlert';
import { SettingsPanel } from '@/components/SettingsPanel';
import {
  useSsoDiscoveryLazyQuery,
  useSsoDomainConfirmMutation,
  useSsoDomainVerifyMutation,
  useSsoSettingsQuery,
  useSsoSettingsUpdateMutation,
  useViewerQuery,
  type SsoSettingsFieldsFragment,
} from '@/generated/graphql';
import { SsoDomainList } from '@/features/singleSignOn/components/SsoDomainList';
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
  domains: settings.domains.join('\n'),
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
          help="People of the domains below sign in through it (OpenID Connect, authorization code with PKCE)."
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
        <FormField
          name="domains"
          label="Email domains"
          help="One domain per line, such as example.com. Each signs people in only once verified below; public mail domains such as gmail.com cannot be claimed."
          testId="sso-domains"
        >
          {(control) => <Textarea rows={3} autoComplete="off" spellCheck={false} {...control} />}
        </FormField>
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
 * The claimed domains and their verification: the organization's admins verify through DNS; the
 * provider's SuperAdmins may also vouch for a domain, after a warning (both are audited).
 */
function SsoDomains({ settings, organizationId }: { settings: Settings; organizationId?: string }) {
  const viewer = useViewerQuery();
  const [verify] = useSsoDomainVerifyMutation();
  const [confirm] = useSsoDomainConfirmMutation();
  const [verifying, setVerifying] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [vouching, setVouching] = useState<string | null>(null);
  const isProvider = viewer.data?.viewer?.typeOfUser === 'SUPER_ADMIN';

  const check = async (domain: string) => {
    setVerifying(domain);
    setProblem(null);
    try {
      const payload = (await verify({ variables: { organizationId, domain } })).data?.verifySsoDomain;
      if (payload?.errors[0]) setProblem(errorMessage(payload.errors[0]));
      else toaster.success({ title: `${domain} is verified`, closable: true });
    } catch (error) {
      setProblem(describeRequestError(error));
    } finally {
      setVerifying(null);
    }
  };
  const vouch = async (domain: string) => {
    const payload = (await confirm({ variables: { organizationId: settings.organizationId, domain } })).data?.confirmSsoDomain;
    if (payload?.errors[0]) throw new Error(errorMessage(payload.errors[0]));
    toaster.success({ title: `${domain} is verified`, closable: true });
  };

  return (
    <Stack gap="3" data-testid="sso-domains-section">
      <Heading as="h3" size="sm">
        Domain verification
      </Heading>
      {problem && <FormAlert message={problem} testId="sso-domain-error" />}
      <SsoDomainList
        domains={settings.domainVerifications}
        verifying={verifying}
        onVerify={(domain) => void check(domain)}
        onConfirm={isProvider ? setVouching : undefined}
      />
      <ConfirmDialog
        open={vouching !== null}
        title={`Mark ${vouching ?? ''} as verified?`}
        confirmLabel="Mark as verified"
        onConfirm={() => vouch(vouching!)}
        onClose={() => setVouching(null)}
        testId="sso-domain-confirm-dialog"
      >
        Do this only when you have checked another way that the organization owns {vouching}: its people will then sign in through the
        organization’s identity provider. It is recorded in the audit log.
      </ConfirmDialog>
    </Stack>
  );
}

/** An organisation's single sign-on: its OpenID Connect provider, the domains it covers, and how strictly. */
export function SsoSettingsPanel({ organizationId, embedded = false }: SsoSettingsPanelProps) {
  const { data, loading, error, refetch } = useSsoSettingsQuery({ variables: { organizationId } });
  const settings = data?.ssoSettings;
  return (
    <SettingsPanel
      title="Single sign-on"
      description="Let the organization’s people sign in with its own identity provider."
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
          <SsoDomains settings={settings} organizationId={organizationId} />
        </Stack>
      )}
    </SettingsPanel>
  );
}
