import { HStack, Spinner, Text } from '@chakra-ui/react';
import { AuthCard } from '@/components/AuthCard';

/** While an emailed link is being verified (SPEC §2: spinner first). */
export function LinkCheck({ title, testId }: { title: string; testId: string }) {
  return (
    <AuthCard title={title} testId={testId}>
      <HStack gap="3" role="status" aria-live="polite" color="fg.muted">
        <Spinner size="sm" color="brand.solid" />
        <Text>Checking your link…</Text>
      </HStack>
    </AuthCard>
  );
}
