import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';
import { BrandMark } from './BrandMark';

/**
 * The whole page while the console starts (the session checked, the frame's code loaded): the
 * product's mark, so the page shows whose it is from its first paint, over a spinner.
 */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Center minH="100dvh" flexDirection="column" gap="8">
      <BrandMark />
      <div role="status" aria-live="polite">
        <Spinner size="xl" color="brand.solid" borderWidth="3px" />
        <VisuallyHidden>{label}</VisuallyHidden>
      </div>
    </Center>
  );
}
