import { Badge, Box, Button, Code, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuBadgeCheck, LuShieldAlert, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { CopyButton } from '@/components/CopyButton';
import { FormAlert } from '@/components/FormAlert';
import { FormField } from '@/components/FormField';
import { MutationForm } from '@/components/MutationForm';
import {
  useOrganizationDomainAddMutation,
  useOrganizationDomainConfirmMutation,
  useOrganizationDomainRemoveMutation,
  useOrganizationDomainsQuery,
  useOrganizationDomainVerifyMutation,
  useViewerQuery,
  type OrganizationDomainFieldsFragment,
} from '@/generated/graphql';
import { formatDateTime } from '@/lib/dates';
import { describeRequestError, errorMessage } from '@/lib/requestErrors';
import { toaster } from '@/lib/toaster';
import { useMutationForm } from '@/lib/useMutationForm';

const domainSchema = () => import('@yozy/shared/inputs').then((inputs) => inputs.organizationDomainInput);

type Domain = OrganizationDomainFieldsFragment;

const VERIFIED_BY = { DNS: 'by its DNS record', PROVIDER: 'by the provider' } as const;

/** Every query that shows the organisation's domains reads them again after a change. */
const REFETCH = ['OrganizationDomains', 'SsoSettings'];

function AddDomainForm({ organizationId }: { organizationId?: string }) {
  const [add] = useOrganizationDomainAddMutation({ refetchQueries: REFETCH });
  const kit = useMutationForm({
    schema: domainSchema,
    defaultValues: { domain: '' },
    call: async ({ domain }) => (await add({ variables: { organizationId, domain } })).data?.addOrganizationDomain,
    onSuccess: () => {
      kit.form.reset({ domain: '' });
      toaster.success({ title: 'Domain added: verify it to put it to use', closable: true });
    },
  });
  return (
    <MutationForm kit={kit} label="Add a domain" testId="domain-add-form" alertTestId="domain-add-error">
      <Flex gap="3" align="end" wrap="wrap">
        <FormField
          name="domain"
          label="Add a domain"
          help="Such as example.com: the part of the organization’s email addresses after the @."
          testId="domain-add"
          flex="1"
          minW="60"
        >
          {(control) => <Input {...control} autoComplete="off" spellCheck={false} />}
        </FormField>
        <Button type="submit" variant="outline" loading={kit.submitting} loadingText="Adding…" data-testid="domain-add-save" mb="6">
          Add domain
        </Button>
      </Flex>
    </MutationForm>
  );
}

function RecordLine({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Flex gap="2" align="center" minW="0">
      <Text fontSize="sm" w="12" flexShrink={0}>
        {label}
      </Text>
      <Code flex="1" minW="0" p="1.5" truncate data-testid={testId}>
        {value}
      </Code>
      <CopyButton text={value} what={`record ${label.toLowerCase()}`} testId={`${testId}-copy`} />
    </Flex>
  );
}

/**
 * The organisation's email domains: single sign-on and provisioning cover only the verified ones.
 * A domain is verified by its DNS TXT record (read again daily; one whose record is gone stops
 * covering the organisation), or by the provider's word. Its admins, or the provider, add and
 * remove them.
 */
export function DomainsSection({ organizationId }: { organizationId?: string }) {
  const viewer = useViewerQuery();
  const { data, error, refetch } = useOrganizationDomainsQuery({ variables: { organizationId } });
  const [verify] = useOrganizationDomainVerifyMutation({ refetchQueries: REFETCH });
  const [confirm] = useOrganizationDomainConfirmMutation({ refetchQueries: REFETCH });
  const [remove] = useOrganizationDomainRemoveMutation({ refetchQueries: REFETCH });
  const [verifying, setVerifying] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [vouching, setVouching] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Domain | null>(null);
  const isProvider = viewer.data?.viewer?.typeOfUser === 'SUPER_ADMIN';
  const ownOrganization = organizationId ?? viewer.data?.viewer?.organization?.id ?? '';
  const domains = data?.organizationDomains;

  const check = async (domain: string) => {
    setVerifying(domain);
    setProblem(null);
    try {
      const payload = (await verify({ variables: { organizationId, domain } })).data?.verifyOrganizationDomain;
      if (payload?.errors[0]) setProblem(errorMessage(payload.errors[0]));
      else toaster.success({ title: `${domain} is verified`, closable: true });
    } catch (failure) {
      setProblem(describeRequestError(failure));
    } finally {
      setVerifying(null);
    }
  };

  return (
    <Stack gap="4" data-testid="domains-section">
      <Stack gap="1">
        <Heading as="h2" size="md">
          Domains
        </Heading>
        <Text color="fg.muted" fontSize="sm" maxW="prose">
          The organization’s email domains. Single sign-on and provisioning cover only the verified ones, and only this organization may
          verify a domain.
        </Text>
      </Stack>
      {error && !domains && (
        <FormAlert message={`The domains could not be loaded: ${describeRequestError(error)}`} testId="domains-load-error" />
      )}
      {error && !domains && (
        <Button size="sm" variant="outline" alignSelf="start" onClick={() => void refetch().catch(() => undefined)}>
          Try again
        </Button>
      )}
      {problem && <FormAlert message={problem} testId="domain-error" />}
      {domains && domains.length === 0 && (
        <Text color="fg.muted" fontSize="sm" data-testid="domains-empty">
          No domains yet. Add the organization’s email domains below; each is then verified here.
        </Text>
      )}
      {domains && domains.length > 0 && (
        <Stack as="ul" gap="3" listStyleType="none" data-testid="domain-list">
          {domains.map((domain) => (
            <Box as="li" key={domain.domain} borderWidth="1px" borderRadius="md" p="3" data-testid={`domain-${domain.domain}`}>
              <Flex gap="3" align="center" wrap="wrap">
                <Text fontWeight="medium">{domain.domain}</Text>
                {domain.verified ? (
                  <Badge colorPalette="green" data-testid="domain-status">
                    <LuBadgeCheck aria-hidden />
                    Verified {domain.verifiedBy ? VERIFIED_BY[domain.verifiedBy] : ''}
                  </Badge>
                ) : (
                  <Badge colorPalette="orange" data-testid="domain-status">
                    <LuShieldAlert aria-hidden />
                    Not verified: covers nobody yet
                  </Badge>
                )}
                {domain.verifiedAt && (
                  <Text fontSize="sm" color="fg.muted">
                    {formatDateTime(domain.verifiedAt)}
                  </Text>
                )}
                <Button
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  ml="auto"
                  onClick={() => setRemoving(domain)}
                  data-testid="domain-remove"
                >
                  <LuTrash2 aria-hidden />
                  Remove {domain.domain}
                </Button>
              </Flex>
              {!domain.verified && domain.lapsedAt && (
                <Text fontSize="sm" color="fg.error" mt="2" data-testid="domain-lapsed">
                  No longer verified since {formatDateTime(domain.lapsedAt)}: {domain.lapsedReason}
                </Text>
              )}
              {!domain.verified && (
                <Stack gap="2" mt="3">
                  <Text fontSize="sm" color="fg.muted">
                    Publish this TXT record in the domain’s DNS, then verify. It shows that the organization owns the domain.
                  </Text>
                  <RecordLine label="Name" value={domain.recordName} testId="domain-record-name" />
                  <RecordLine label="Value" value={domain.recordValue} testId="domain-record-value" />
                  <Flex gap="2" wrap="wrap">
                    <Button
                      size="sm"
                      colorPalette="brand"
                      loading={verifying === domain.domain}
                      loadingText="Checking DNS…"
                      onClick={() => void check(domain.domain)}
                      data-testid="domain-verify"
                    >
                      Verify {domain.domain}
                    </Button>
                    {isProvider && (
                      <Button size="sm" variant="outline" onClick={() => setVouching(domain.domain)} data-testid="domain-confirm">
                        Mark as verified
                      </Button>
                    )}
                  </Flex>
                </Stack>
              )}
            </Box>
          ))}
        </Stack>
      )}
      <AddDomainForm organizationId={organizationId} />
      <ConfirmDialog
        open={vouching !== null}
        title={`Mark ${vouching ?? ''} as verified?`}
        confirmLabel="Mark as verified"
        onConfirm={async () => {
          const payload = (await confirm({ variables: { organizationId: ownOrganization, domain: vouching! } })).data
            ?.confirmOrganizationDomain;
          if (payload?.errors[0]) throw new Error(errorMessage(payload.errors[0]));
          toaster.success({ title: `${vouching} is verified`, closable: true });
        }}
        onClose={() => setVouching(null)}
        testId="domain-confirm-dialog"
      >
        Do this only when you have checked another way that the organization owns {vouching}: its people will then sign in through the
        organization’s identity provider, and it may provision people of it. It is recorded in the audit log.
      </ConfirmDialog>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.domain ?? ''}?`}
        confirmLabel="Remove domain"
        destructive
        onConfirm={async () => {
          const payload = (await remove({ variables: { organizationId, domain: removing!.domain } })).data?.removeOrganizationDomain;
          if (payload?.errors[0]) throw new Error(errorMessage(payload.errors[0]));
          toaster.success({ title: `${removing!.domain} removed`, closable: true });
        }}
        onClose={() => setRemoving(null)}
        testId="domain-remove-dialog"
      >
        People of {removing?.domain} no longer sign in with single sign-on, and the identity provider can no longer provision people of it.
        People who have accounts keep them.
      </ConfirmDialog>
    </Stack>
  );
}
