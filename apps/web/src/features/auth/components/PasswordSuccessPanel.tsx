import { Button, Field, HStack, Icon, Input, Stack, Text } from '@chakra-ui/react';
import { LuCircleCheck, LuLogIn } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { countdownText, redirectDestination } from '@/features/auth/accountMessages';
import { loginPath } from '@/features/auth/urls';
import { AuthCard } from '@/components/AuthCard';
import { CopyButton } from '@/components/CopyButton';
import { PasswordInput } from './PasswordInput';

type Props = {
  title: string;
  email: string;
  password: string;
  /** Seconds before the automatic redirect to the product. */
  secondsLeft: number;
  /** Where the countdown goes: the product's address. */
  target: string;
  /** `reset` gives reset-success, reset-countdown, … */
  testIdPrefix: string;
};

/** After a password was set: what it is now, a way to copy it, and the countdown to the product (SPEC §2). */
export function PasswordSuccessPanel({ title, email, password, secondsLeft, target, testIdPrefix }: Props) {
  return (
    <AuthCard title={title} testId={`${testIdPrefix}-success`}>
      <Stack gap="5">
        <HStack gap="2" color="green.fg">
          <Icon as={LuCircleCheck} boxSize="5" aria-hidden />
          <Text fontWeight="medium">You can sign in with your new password now.</Text>
        </HStack>
        <Field.Root readOnly>
          <Field.Label>Email</Field.Label>
          <Input value={email} readOnly variant="subtle" data-testid={`${testIdPrefix}-success-email`} />
        </Field.Root>
        <Field.Root readOnly>
          <Field.Label>Password</Field.Label>
          <HStack width="full" gap="2">
            <PasswordInput value={password} readOnly variant="subtle" data-testid={`${testIdPrefix}-success-password`} />
            <CopyButton text={password} />
          </HStack>
        </Field.Root>
        <Button asChild colorPalette="brand" size="lg" width="full">
          <RouterLink to={loginPath} data-testid={`${testIdPrefix}-login`}>
            <LuLogIn aria-hidden /> Login
          </RouterLink>
        </Button>
        <Text
          role="status"
          aria-live="polite"
          aria-atomic
          textAlign="center"
          fontSize="sm"
          color="fg.muted"
          data-testid={`${testIdPrefix}-countdown`}
        >
          {countdownText(secondsLeft, redirectDestination(target, window.location.origin))}
        </Text>
      </Stack>
    </AuthCard>
  );
}
