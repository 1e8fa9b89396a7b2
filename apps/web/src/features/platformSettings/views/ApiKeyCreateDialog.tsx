import { Code, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { CopyButton } from '@/components/CopyButton';
import { ShownOnceDialog } from '@/components/ShownOnceDialog';
import { FormDialog } from '@/components/FormDialog';
import { DateControl } from '@/components/DateInput';
import { FormField } from '@/components/FormField';
import { SelectControl, type SelectOption } from '@/components/SelectControl';
import { useApiKeyCreateMutation, useApiKeyOrganizationOptionsQuery } from '@/generated/graphql';
import { dropListPages } from '@/lib/listCache';
import { useMutationForm } from '@/lib/useMutationForm';

const ACCESS_OPTIONS: readonly SelectOption[] = [
  ['READ', 'Read only: queries, never a change'],
  ['READ_WRITE', 'Read and write: queries and changes'],
];

// The shared rules load when the dialog opens, keeping zod off the list's first paint.
const apiKeySchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.apiKeyInput);

type Made = { name: string; secret: string };

/**
 * Makes an API key for an internal tool, then shows its secret once, with a copy button: after
 * this dialog closes, nobody can see it again (the service keeps only a digest).
 */
export function ApiKeyCreateDialog({ onClose }: { onClose: () => void }) {
  const [made, setMade] = useState<Made | null>(null);
  const organizations = useApiKeyOrganizationOptionsQuery();
  const [createApiKey] = useApiKeyCreateMutation({ update: (cache) => dropListPages(cache, 'apiKeys') });
  const kit = useMutationForm({
    schema: apiKeySchema,
    defaultValues: { name: '', access: 'READ', organizationId: '', expiresOn: '' },
    call: async ({ name, access, organizationId, expiresOn }) =>
      (
        await createApiKey({
          variables: { input: { name, access, organizationId: organizationId ? String(organizationId) : null, expiresOn } },
        })
      ).data?.createApiKey,
    onSuccess: (payload) => setMade({ name: payload.apiKey?.name ?? '', secret: payload.secret ?? '' }),
  });

  if (made) return <SecretOnce made={made} onClose={onClose} />;
  return (
    <FormDialog noun="api-key" title="Create an API key" kit={kit} submitLabel="Create key" size="md" onClose={onClose}>
      <Stack gap="4">
        <Text color="fg.muted">
          An internal tool sends the key as <Code>Authorization: Bearer &lt;key&gt;</Code> to <Code>/graphql</Code>. It acts for you, within
          what you choose here.
        </Text>
        <FormField name="name" label="Name" required help="The tool that will hold it, such as Billing sync" testId="api-key-name">
          {(control) => <Input {...control} autoComplete="off" />}
        </FormField>
        <FormField name="access" label="Access" required testId="api-key-access">
          {(control) => <SelectControl {...control} options={ACCESS_OPTIONS} />}
        </FormField>
        <FormField
          name="organizationId"
          label="Reach"
          help="Every organization, as a provider administrator, or one organization, as its admin"
          testId="api-key-organization"
        >
          {(control) => (
            <SelectControl
              {...control}
              options={[
                ['', 'Every organization'],
                ...(organizations.data?.organizations.nodes ?? []).map(
                  (organization) => [organization.id, organization.companyName] as const,
                ),
              ]}
            />
          )}
        </FormField>
        <FormField
          name="expiresOn"
          label="Works until"
          help="The last day the key works. Leave empty to keep it until it is revoked."
          testId="api-key-expires"
        >
          {(control) => <DateControl {...control} pickerLabel="Choose the last day the key works" />}
        </FormField>
      </Stack>
    </FormDialog>
  );
}

/** The new key's secret, shown this once: only Done, Close or Escape end it, never a stray click beside it. */
function SecretOnce({ made, onClose }: { made: Made; onClose: () => void }) {
  return (
    <ShownOnceDialog
      title={`Copy the key for ${made.name}`}
      testId="api-key-secret-dialog"
      doneTestId="api-key-done"
      warning="This is the only time the key is shown. Store it in the tool’s secret settings now."
      onClose={onClose}
    >
      <Flex gap="2" align="center">
        <Input
          readOnly
          value={made.secret}
          fontFamily="mono"
          aria-label="API key"
          onFocus={(event) => event.currentTarget.select()}
          data-testid="api-key-secret"
        />
        <CopyButton text={made.secret} what="API key" testId="api-key-copy" />
      </Flex>
    </ShownOnceDialog>
  );
}
