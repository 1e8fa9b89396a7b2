import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';

/** Shown inside the layout while a screen's code loads. */
export function ScreenSpinner() {
  return (
    <Center py="24" role="status" aria-live="polite">
      <Spinner size="lg" color="brand.solid" />
      <VisuallyHidden>Loading</VisuallyHidden>
    </Center>
  );
}
