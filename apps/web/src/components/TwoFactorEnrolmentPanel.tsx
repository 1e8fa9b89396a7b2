import { Box, Flex, Image, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { TwoFactorEnrolmentFieldsFragment } from '@/generated/graphql';
import { CopyButton } from './CopyButton';

/** The key in groups of four, as authenticator apps print it, so it is easier to type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * A new two-factor secret: its QR code to scan and its key to type instead. The form that confirms
 * it with a code goes beneath (children).
 */
export function TwoFactorEnrolmentPanel({ enrolment, children }: { enrolment: TwoFactorEnrolmentFieldsFragment; children: ReactNode }) {
  return (
    <Stack gap="5" data-testid="two-factor-enrolment">
      <Box as="ol" ps="5" listStyleType="decimal" display="grid" gap="1">
        <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, …).</li>
        <li>Scan the QR code, or type the key below into the app.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </Box>
      <Flex gap="6" wrap="wrap" align="center">
        <Box bg="white" p="2" borderRadius="md" borderWidth="1px" flexShrink={0}>
          <Image src={enrolment.qrCode} alt="QR code to scan with your authenticator app" width="44" height="44" />
        </Box>
        <Stack gap="2" minW="0">
          <Text fontWeight="medium" id="two-factor-key-label">
            Key to type instead
          </Text>
          <Text
            fontFamily="mono"
            fontSize="md"
            px="2"
            py="1"
            bg="bg.muted"
            borderRadius="sm"
            wordBreak="break-all"
            aria-labelledby="two-factor-key-label"
            data-testid="two-factor-key"
          >
            {grouped(enrolment.secret)}
          </Text>
          <Box>
            <CopyButton text={enrolment.secret} what="key" testId="copy-two-factor-key" />
          </Box>
        </Stack>
      </Flex>
      {children}
    </Stack>
  );
}

/** The ten recovery codes, shown once: only their digests are kept. */
export function RecoveryCodesPanel({ codes, children }: { codes: readonly string[]; children?: ReactNode }) {
  return (
    <Stack gap="4" data-testid="recovery-codes">
      <Text>
        Save these recovery codes somewhere safe. Each one signs you in once when you do not have your phone.{' '}
        <strong>They are shown only now.</strong>
      </Text>
      <Box
        as="ul"
        listStyleType="none"
        display="grid"
        gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, max-content)' }}
        columnGap="8"
        rowGap="1"
        fontFamily="mono"
        fontSize="md"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box>
        <CopyButton text={codes.join('\n')} what="recovery codes" testId="copy-recovery-codes" />
      </Box>
      {children}
    </Stack>
  );
}
