import { Badge, Box, Button, Code, Flex, Stack, Text } from '@chakra-ui/react';
import { LuBadgeCheck, LuShieldAlert } from 'react-icons/lu';
import { CopyButton } from '@/components/CopyButton';
import type { SsoDomainVerificationFieldsFragment } from '@/generated/graphql';
import { formatDateTime } from '@/lib/dates';

type Props = {
  domains: SsoDomainVerificationFieldsFragment[];
  /** The domain whose check is under way, if any. */
  verifying: string | null;
  /** Reads the domain's TXT record now. */
  onVerify: (domain: string) => void;
  /** Only for the provider's SuperAdmins: vouch for the domain, after asking. */
  onConfirm?: (domain: string) => void;
};

const VERIFIED_BY = { DNS: 'by its DNS record', PROVIDER: 'by the provider' } as const;

/**
 * Each domain the organization claims, and whether it has shown it owns it: only a verified domain
 * signs anyone in. An unverified one shows the TXT record to publish, with a Verify button.
 */
export function SsoDomainList({ domains, verifying, onVerify, onConfirm }: Props) {
  if (domains.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm" data-testid="sso-domains-empty">
        No domains yet. Add the organization’s email domains above and save; each is then verified here.
      </Text>
    );
  }
  return (
    <Stack as="ul" gap="3" listStyleType="none" data-testid="sso-domain-list">
      {domains.map((domain) => (
        <Box as="li" key={domain.domain} borderWidth="1px" borderRadius="md" p="3" data-testid={`sso-domain-${domain.domain}`}>
          <Flex gap="3" align="center" wrap="wrap">
            <Text fontWeight="medium">{domain.domain}</Text>
            {domain.verified ? (
              <Badge colorPalette="green" data-testid="sso-domain-status">
                <LuBadgeCheck aria-hidden />
                Verified {domain.verifiedBy ? VERIFIED_BY[domain.verifiedBy] : ''}
              </Badge>
            ) : (
              <Badge colorPalette="orange" data-testid="sso-domain-status">
                <LuShieldAlert aria-hidden />
                Not verified: signs nobody in yet
              </Badge>
            )}
            {domain.verifiedAt && (
              <Text fontSize="sm" color="fg.muted">
                {formatDateTime(domain.verifiedAt)}
              </Text>
            )}
          </Flex>
          {!domain.verified && (
            <Stack gap="2" mt="3">
              <Text fontSize="sm" color="fg.muted">
                Publish this TXT record in the domain’s DNS, then verify. It shows that the organization owns the domain.
              </Text>
              <RecordLine label="Name" value={domain.recordName} testId="sso-domain-record-name" />
              <RecordLine label="Value" value={domain.recordValue} testId="sso-domain-record-value" />
              <Flex gap="2" wrap="wrap">
                <Button
                  size="sm"
                  colorPalette="brand"
                  loading={verifying === domain.domain}
                  loadingText="Checking DNS…"
                  onClick={() => onVerify(domain.domain)}
                  data-testid="sso-domain-verify"
                >
                  Verify {domain.domain}
                </Button>
                {onConfirm && (
                  <Button size="sm" variant="outline" onClick={() => onConfirm(domain.domain)} data-testid="sso-domain-confirm">
                    Mark as verified
                  </Button>
                )}
              </Flex>
            </Stack>
          )}
        </Box>
      ))}
    </Stack>
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
