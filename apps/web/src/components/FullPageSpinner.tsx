import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';

export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Center minH="100dvh" role="status" aria-live="polite">
      <Spinner size="xl" color="brand.solid" borderWidth="3px" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
