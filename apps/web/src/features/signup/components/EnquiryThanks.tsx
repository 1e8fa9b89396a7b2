import { HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { LuCircleCheck } from 'react-icons/lu';
import { BackLink } from '@/components/BackLink';
import { loginPath } from '@/features/auth/urls';
import { thanksText } from '@/features/signup/enquiryForm';

export function EnquiryThanks({ company, adminEmail }: { company: string; adminEmail: string }) {
  return (
    <Stack gap="6">
      <HStack gap="3" align="start" role="status" aria-live="polite">
        <Icon as={LuCircleCheck} boxSize="6" color="green.fg" flexShrink={0} mt="0.5" aria-hidden />
        <Text data-testid="signup-done">{thanksText(company, adminEmail)}</Text>
      </HStack>
      <BackLink to={loginPath}>Back to sign in</BackLink>
    </Stack>
  );
}
