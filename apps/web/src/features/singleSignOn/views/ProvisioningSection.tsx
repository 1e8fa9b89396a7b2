import { Box, Button, Code, Flex, Heading, Input, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuKeyRound, LuPlus } from 'react-icons/lu';
import { CheckboxField } from '@/components/CheckboxField';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { CopyButton } from '@/components/CopyButton';
import { ShownOnceDialog } from '@/components/ShownOnceDialog';
import { FormDialog } from '@/components/FormDialog';
import { FormField } from '@/components/FormField';
import { MutationForm } from '@/components/MutationForm';
import { QueryStates } from '@/components/QueryStates';
import { RoleSeatSelect } from '@/components/RoleSeatSelect';
import {
  useProvisioningSettingsQuery,
  useProvisioningSettingsUpdateMutation,
  useProvisioningTokenCreateMutation,
  useProvisioningTokenRevokeMutation,
  useUserSeatsQuery,
  type ProvisioningSettingsFieldsFragment,
  type ProvisioningTokenFieldsFragment,
  type UserSeatsQuery,
} from '@/generated/graphql';
import { formatDateTime } from '@/lib/dates';
import { throwIfRefused } from '@/lib/payloadErrors';
import { toaster } from '@/lib/toaster';
import { useMutationForm } from '@/lib/useMutationForm';

const settingsSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.provisioningSettingsInput);
const tokenSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.provisioningTokenInput);

type Settings = ProvisioningSettingsFieldsFragment;
type Token = ProvisioningTokenFieldsFragment;
type Seats = UserSeatsQuery['userSeats'][number];

const formValues = (settings: Settings) => ({ enabled: settings.enabled, roleId: settings.role?.id ?? '' });

/** On or off, with the role (and so the product seat) a provisioned person gets. */
function ProvisioningForm({ settings, organizationId, seats }: { settings: Settings; organizationId?: string; seats: readonly Seats[] }) {
  const [update] = useProvisioningSettingsUpdateMutation({ refetchQueries: ['ProvisioningSettings'] });
  const kit = useMutationForm({
    schema: settingsSchema,
    defaultValues: formValues(settings),
    call: async (input) => (await update({ variables: { organizationId, input } })).data?.updateProvisioningSettings,
    onSuccess: (payload) => {
      if (payload.settings) kit.form.reset(formValues(payload.settings));
      toaster.success({ title: payload.settings?.enabled ? 'Provisioning is on' : 'Provisioning is off', closable: true });
    },
  });
  return (
    <MutationForm kit={kit} label="Provisioning" testId="provisioning-form" alertTestId="provisioning-error">
      <Stack gap="5">
        <CheckboxField
          form={kit.form}
          name="enabled"
          label="Let the identity provider provision people (SCIM 2.0)"
          help="Okta, Microsoft Entra ID and others create, update, deactivate and remove the organization’s people by themselves. Only addresses of the organization’s verified domains are accepted."
          testId="provisioning-enabled"
        />
        <FormField
          name="roleId"
          label="Role for new people"
          help="Each person the identity provider creates gets this role and takes a seat on its product; they sign in with single sign-on, no password mail is sent."
          testId="provisioning-role"
        >
          {(control) => <RoleSeatSelect {...control} seats={seats} />}
        </FormField>
        <Button
          type="submit"
          colorPalette="brand"
          alignSelf="start"
          loading={kit.submitting}
          loadingText="Saving…"
          data-testid="provisioning-save"
        >
          Save provisioning
        </Button>
      </Stack>
    </MutationForm>
  );
}

type Made = { name: string; token: string; baseUrl: string };

/** Names a new token, then shows it once with the base URL: after this dialog closes nobody sees it again. */
function NewTokenDialog({ organizationId, onClose }: { organizationId: string; onClose: () => void }) {
  const [made, setMade] = useState<Made | null>(null);
  const [create] = useProvisioningTokenCreateMutation({ refetchQueries: ['ProvisioningSettings'] });
  const kit = useMutationForm({
    schema: tokenSchema,
    defaultValues: { name: '' },
    call: async ({ name }) => (await create({ variables: { organizationId, name } })).data?.createProvisioningToken,
    onSuccess: (payload) =>
      setMade({ name: payload.provisioningToken?.name ?? '', token: payload.token ?? '', baseUrl: payload.baseUrl ?? '' }),
  });
  if (made) return <TokenOnce made={made} onClose={onClose} />;
  return (
    <FormDialog noun="provisioning-token" title="New provisioning token" kit={kit} submitLabel="Create token" size="md" onClose={onClose}>
      <Stack gap="4">
        <Text color="fg.muted">
          The identity provider sends the token as <Code>Authorization: Bearer &lt;token&gt;</Code>. It provisions this organization’s
          people only.
        </Text>
        <FormField
          name="name"
          label="Name"
          required
          help="The identity provider that will hold it, such as Okta"
          testId="provisioning-token-name"
        >
          {(control) => <Input {...control} autoComplete="off" />}
        </FormField>
      </Stack>
    </FormDialog>
  );
}

function TokenOnce({ made, onClose }: { made: Made; onClose: () => void }) {
  return (
    <ShownOnceDialog
      title={`Copy the token for ${made.name}`}
      testId="provisioning-token-dialog"
      doneTestId="provisioning-token-done"
      warning="This is the only time the token is shown. Paste it into the identity provider now."
      onClose={onClose}
    >
      <SecretLine label="SCIM base URL" value={made.baseUrl} testId="provisioning-base-url" />
      <SecretLine label="Token" value={made.token} testId="provisioning-token" />
    </ShownOnceDialog>
  );
}

function SecretLine({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap="1">
      <Text fontSize="sm" fontWeight="medium">
        {label}
      </Text>
      <Flex gap="2" align="center">
        <Input
          readOnly
          value={value}
          fontFamily="mono"
          aria-label={label}
          onFocus={(event) => event.currentTarget.select()}
          data-testid={testId}
        />
        <CopyButton text={value} what={label} testId={`${testId}-copy`} />
      </Flex>
    </Stack>
  );
}

/** The live tokens: name, made when and by whom, last used; revoked after asking. */
function TokenList({ settings }: { settings: Settings }) {
  const [revoke] = useProvisioningTokenRevokeMutation({ refetchQueries: ['ProvisioningSettings'] });
  const [revoking, setRevoking] = useState<Token | null>(null);
  if (settings.tokens.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm" data-testid="provisioning-tokens-empty">
        No tokens yet. Create one for each identity provider that provisions people.
      </Text>
    );
  }
  return (
    <>
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" data-testid="provisioning-tokens">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Name</Table.ColumnHeader>
              <Table.ColumnHeader>Created</Table.ColumnHeader>
              <Table.ColumnHeader>Last used</Table.ColumnHeader>
              <Table.ColumnHeader>
                <Box srOnly>Actions</Box>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {settings.tokens.map((token) => (
              <Table.Row key={token.id} data-testid={`provisioning-token-${token.id}`}>
                <Table.Cell>{token.name}</Table.Cell>
                <Table.Cell>
                  <Stack gap="0">
                    <Text as="span">{formatDateTime(token.createdAt)}</Text>
                    <Text as="span" fontSize="xs" color="fg.muted">
                      by {token.createdByName ?? 'a former administrator'}
                    </Text>
                  </Stack>
                </Table.Cell>
                <Table.Cell>
                  {token.lastUsedAt ? (
                    formatDateTime(token.lastUsedAt)
                  ) : (
                    <Text as="span" color="fg.muted">
                      Never
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell textAlign="end">
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    onClick={() => setRevoking(token)}
                    data-testid="provisioning-token-revoke"
                  >
                    <LuKeyRound aria-hidden />
                    Revoke
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke ${revoking?.name ?? ''}?`}
        confirmLabel="Revoke token"
        destructive
        onConfirm={async () => {
          const answer = await revoke({ variables: { organizationId: settings.organizationId, tokenId: revoking!.id } });
          throwIfRefused(answer.data?.revokeProvisioningToken);
          toaster.success({ title: `${revoking!.name} revoked` });
        }}
        onClose={() => setRevoking(null)}
        testId="provisioning-token-revoke-dialog"
      >
        The identity provider holding this token is refused from its next request, and stops provisioning people until it has a new token.
      </ConfirmDialog>
    </>
  );
}

/**
 * SCIM provisioning, in the organisation's single sign-on settings: on or off with the role new
 * people get, the address to give the identity provider, and its tokens.
 */
export function ProvisioningSection({ organizationId }: { organizationId?: string }) {
  const { data, error, refetch } = useProvisioningSettingsQuery({ variables: { organizationId } });
  // The roles come with the seats each product has left; the form shows once both are here, so the chosen role shows chosen.
  const seats = useUserSeatsQuery({ variables: { organizationId } });
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="5" data-testid="provisioning-section">
      <Heading as="h3" size="sm">
        Provisioning (SCIM)
      </Heading>
      <QueryStates
        data={data?.provisioning}
        error={error}
        refetch={refetch}
        errorTitle="Provisioning could not be loaded"
        loadingLabel="Loading provisioning"
        placeholder={<Skeleton height="24" />}
        inline
        testId="provisioning"
      >
        {(settings) => (
          <>
            {seats.data ? (
              <ProvisioningForm
                key={settings.organizationId}
                settings={settings}
                organizationId={organizationId}
                seats={seats.data.userSeats}
              />
            ) : (
              <Skeleton height="24" data-testid="provisioning-form-loading" />
            )}
            <Stack gap="1.5">
              <Text fontSize="sm" fontWeight="medium">
                SCIM base URL to give the identity provider
              </Text>
              <Flex gap="2" align="center">
                <Code flex="1" minW="0" p="2" truncate data-testid="provisioning-base-url-shown">
                  {settings.baseUrl}
                </Code>
                <CopyButton text={settings.baseUrl} what="SCIM base URL" testId="provisioning-base-url-shown-copy" />
              </Flex>
            </Stack>
            <Flex justify="space-between" align="center" gap="3" wrap="wrap">
              <Heading as="h4" size="xs">
                Tokens
              </Heading>
              <Button size="sm" variant="outline" onClick={() => setCreating(true)} data-testid="provisioning-token-new">
                <LuPlus aria-hidden />
                New token
              </Button>
            </Flex>
            <TokenList settings={settings} />
            {creating && <NewTokenDialog organizationId={settings.organizationId} onClose={() => setCreating(false)} />}
          </>
        )}
      </QueryStates>
    </Stack>
  );
}
