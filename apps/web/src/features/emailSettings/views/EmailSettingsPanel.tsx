import { Badge, Box, Button, Card, Flex, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FormField } from '@/components/FormField';
import { SelectControl, type SelectOption } from '@/components/SelectControl';
import { MutationForm } from '@/components/MutationForm';
import { OutcomeAlert, type Outcome } from '@/components/OutcomeAlert';
import { SettingsPanel } from '@/components/SettingsPanel';
import {
  useEmailSettingsQuery,
  useEmailSettingsUpdateMutation,
  useEmailTemplateResetMutation,
  useEmailTestSendMutation,
  useViewerQuery,
  type EmailSettingsFieldsFragment,
  type EmailTemplateName,
} from '@/generated/graphql';
import { refusalMessage, throwIfRefused } from '@/lib/payloadErrors';
import { describeRequestError } from '@/lib/requestErrors';
import { toaster } from '@/lib/toaster';
import { useMutationForm } from '@/lib/useMutationForm';
import { SOURCE_LABELS, TEMPLATE_LABELS } from '@/features/emailSettings/components/labels';
import { platformSectionPath } from '@/features/platformSettings/urls';
import { RecordLink } from '@/components/RecordLink';
import { EmailTemplateDialog } from './EmailTemplateDialog';

/** Said when the test mail found no server to go through; the outbox is where all mail waits then. */
export const TEST_MAIL_KEPT = 'No mail server is set: the test mail is in the outbox.';

const SECURITY_OPTIONS: readonly SelectOption[] = [
  ['STARTTLS', 'STARTTLS (usually port 587)'],
  ['TLS', 'TLS (usually port 465)'],
  ['NONE', 'None (trusted network only)'],
];

const settingsSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.emailSettingsInput);

type Settings = EmailSettingsFieldsFragment;

export type EmailSettingsPanelProps = {
  /** The organisation; the viewer's own when absent (for a SuperAdmin, the provider's). */
  organizationId?: string;
  /** Inside another page (an organisation tab, Privacy & Setting): its heading is a section's (h2). */
  embedded?: boolean;
  /** The provider's own settings (Platform Settings): every organisation's defaults, with the enquiry mails. */
  platform?: boolean;
};

/** The mails an organisation sends; the enquiry mails are the provider's alone. */
const ORGANIZATION_MAILS: readonly EmailTemplateName[] = ['INVITATION', 'RESET'];

const formValues = (settings: Settings) => ({
  senderName: settings.senderName ?? '',
  replyTo: settings.replyTo ?? '',
  smtpHost: settings.smtpHost ?? '',
  smtpPort: settings.smtpPort === null ? '' : String(settings.smtpPort),
  smtpSecurity: settings.smtpSecurity,
  smtpUsername: settings.smtpUsername ?? '',
  smtpPassword: '',
  smtpFromAddress: settings.smtpFromAddress ?? '',
});

/** Sender, reply-to and the organisation's own SMTP server, with a test mail through the saved settings. */
function ServerForm({ settings, organizationId, platform }: { settings: Settings; organizationId?: string; platform: boolean }) {
  const [update] = useEmailSettingsUpdateMutation();
  const [sendTest, testing] = useEmailTestSendMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Only the provider's SuperAdmins open the outbox (Platform Settings).
  const seesOutbox = useViewerQuery().data?.viewer?.typeOfUser === 'SUPER_ADMIN';
  const kit = useMutationForm({
    schema: settingsSchema,
    defaultValues: formValues(settings),
    call: async (input) => (await update({ variables: { organizationId, input } })).data?.updateEmailSettings,
    onSuccess: (payload) => {
      if (payload.settings) kit.form.reset(formValues(payload.settings));
      setOutcome(null);
      toaster.success({ title: 'Email settings saved', closable: true });
    },
  });
  const dirty = kit.form.formState.isDirty;

  const test = async () => {
    setOutcome(null);
    try {
      const answer = (await sendTest({ variables: { organizationId } })).data?.sendTestMail;
      const refusal = refusalMessage(answer);
      setOutcome(
        refusal || !answer?.sentTo
          ? { ok: false, title: refusal ?? 'The test mail was not sent' }
          : answer.keptInOutbox
            ? {
                ok: true,
                title: TEST_MAIL_KEPT,
                details: [`Addressed to ${answer.sentTo}; all mail waits there until a mail server is set.`],
              }
            : { ok: true, title: `A test mail went to ${answer.sentTo} through ${answer.server}.` },
      );
    } catch (error) {
      setOutcome({ ok: false, title: describeRequestError(error) });
    }
  };

  return (
    <MutationForm kit={kit} label="Email settings" testId="email-settings-form" alertTestId="email-settings-error">
      <Stack gap="6">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField
            name="senderName"
            label="Sender name"
            help={platform ? 'Signs every mail, unless an organization has its own' : 'Empty: the provider’s'}
            testId="email-sender-name"
          >
            {(control) => <Input {...control} autoComplete="off" />}
          </FormField>
          <FormField name="replyTo" label="Reply-to address" help="Where answers to the mail go" testId="email-reply-to">
            {(control) => <Input {...control} type="email" autoComplete="off" />}
          </FormField>
        </SimpleGrid>
        <Box>
          <Heading as="h3" size="sm" mb="1">
            Mail server
          </Heading>
          <Text fontSize="sm" color="fg.muted" mb="3">
            {platform
              ? 'Leave the host empty to send through the service’s own mail server (or keep mail in the outbox when it has none).'
              : 'Leave the host empty to send through the provider’s mail server.'}
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField name="smtpHost" label="SMTP host" testId="email-smtp-host">
              {(control) => <Input {...control} autoComplete="off" spellCheck={false} placeholder="smtp.example.com" />}
            </FormField>
            <FormField name="smtpPort" label="Port" testId="email-smtp-port">
              {(control) => <Input {...control} inputMode="numeric" autoComplete="off" placeholder="587" />}
            </FormField>
            <FormField name="smtpSecurity" label="Security" required testId="email-smtp-security">
              {(control) => <SelectControl {...control} options={SECURITY_OPTIONS} />}
            </FormField>
            <FormField name="smtpFromAddress" label="Send from address" testId="email-smtp-from">
              {(control) => <Input {...control} type="email" autoComplete="off" />}
            </FormField>
            <FormField name="smtpUsername" label="User name" testId="email-smtp-username">
              {(control) => <Input {...control} autoComplete="off" />}
            </FormField>
            <FormField
              name="smtpPassword"
              label="Password"
              help={settings.smtpPasswordSet ? 'A password is stored. Leave empty to keep it.' : 'Kept encrypted; never shown again.'}
              testId="email-smtp-password"
            >
              {(control) => <Input {...control} type="password" autoComplete="new-password" />}
            </FormField>
          </SimpleGrid>
        </Box>
        <Flex gap="3" wrap="wrap" align="center">
          <Button type="submit" colorPalette="brand" loading={kit.submitting} data-testid="email-settings-save">
            Save settings
          </Button>
          <Button variant="outline" onClick={() => void test()} loading={testing.loading} disabled={dirty} data-testid="email-test-send">
            Send test mail
          </Button>
          {dirty && (
            <Text fontSize="sm" color="fg.muted">
              Save first: the test uses the saved settings.
            </Text>
          )}
        </Flex>
        {outcome && (
          <OutcomeAlert outcome={outcome} testId="email-test-outcome">
            {outcome.title === TEST_MAIL_KEPT && seesOutbox && (
              <RecordLink to={platformSectionPath('outbox')} testId="email-test-outbox">
                Open the outbox
              </RecordLink>
            )}
          </OutcomeAlert>
        )}
      </Stack>
    </MutationForm>
  );
}

/** The wording of each mail: whose it is, and Edit (with preview) or back to the default. */
function Templates({ settings, organizationId, platform }: { settings: Settings; organizationId?: string; platform: boolean }) {
  const [editing, setEditing] = useState<EmailTemplateName | null>(null);
  const [resetting, setResetting] = useState<EmailTemplateName | null>(null);
  const [reset] = useEmailTemplateResetMutation();
  const templates = settings.templates.filter((template) => platform || ORGANIZATION_MAILS.includes(template.template));
  const current = templates.find((template) => template.template === editing);
  return (
    <Stack gap="3" data-testid="email-templates">
      {templates.map((template) => {
        const label = TEMPLATE_LABELS[template.template];
        return (
          <Card.Root key={template.template} variant="outline" data-testid={`email-template-${template.template.toLowerCase()}`}>
            <Card.Body>
              <Flex gap="3" justify="space-between" align={{ base: 'start', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
                <Stack gap="1" minW="0">
                  <Flex gap="2" align="center" wrap="wrap">
                    <Text fontWeight="medium">{label.title}</Text>
                    <Badge variant="subtle" colorPalette={template.source === 'OWN' ? 'brand' : 'gray'}>
                      {SOURCE_LABELS[template.source]}
                    </Badge>
                  </Flex>
                  <Text fontSize="sm" color="fg.muted">
                    {label.when}
                  </Text>
                  <Text fontSize="sm" truncate>
                    Subject: {template.subject}
                  </Text>
                </Stack>
                <Flex gap="2" flexShrink={0}>
                  {template.source === 'OWN' && (
                    <Button size="sm" variant="ghost" onClick={() => setResetting(template.template)} data-testid="email-template-reset">
                      Use {platform ? 'default' : 'provider’s'} wording
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setEditing(template.template)}
                    aria-label={`Edit the ${label.title.toLowerCase()} mail`}
                    data-testid="email-template-edit"
                  >
                    Edit
                  </Button>
                </Flex>
              </Flex>
            </Card.Body>
          </Card.Root>
        );
      })}
      {current && <EmailTemplateDialog organizationId={organizationId} template={current} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={resetting !== null}
        title={
          resetting ? `Go back to the ${platform ? 'default' : 'provider’s'} ${TEMPLATE_LABELS[resetting].title.toLowerCase()} mail?` : ''
        }
        confirmLabel="Use it"
        onClose={() => setResetting(null)}
        onConfirm={async () => {
          const answer = await reset({ variables: { organizationId, template: resetting! } });
          throwIfRefused(answer.data?.resetEmailTemplate);
        }}
        testId="email-template-reset-confirm"
      >
        Your own wording of this mail is removed.
      </ConfirmDialog>
    </Stack>
  );
}

/**
 * Email settings of an organisation: how its mail is signed and answered, an SMTP server of its
 * own with a test mail, and its wording of the mails. The provider's own (Platform Settings) are
 * every organisation's defaults.
 */
export function EmailSettingsPanel({ organizationId, embedded = false, platform = false }: EmailSettingsPanelProps) {
  const { data, loading, error, refetch } = useEmailSettingsQuery({ variables: { organizationId } });
  const settings = data?.emailSettings;
  return (
    <Stack gap="8">
      <SettingsPanel
        title="Email settings"
        description={
          platform
            ? 'How the platform’s mail is signed and sent, and how each mail is worded: every organization’s defaults.'
            : 'How the organization’s mail is signed and sent, and how its mails are worded.'
        }
        updatedAt={settings?.updatedAt}
        embedded={embedded}
        testId="email-settings"
        loaded={!!settings}
        loading={loading}
        error={error}
        onRetry={() => void refetch().catch(() => undefined)}
      >
        {settings && <ServerForm key={settings.organizationId} settings={settings} organizationId={organizationId} platform={platform} />}
      </SettingsPanel>
      {settings && (
        <Box>
          <Heading as={embedded ? 'h3' : 'h2'} size="sm" mb="3">
            Mail wording
          </Heading>
          <Templates settings={settings} organizationId={organizationId} platform={platform} />
        </Box>
      )}
    </Stack>
  );
}
