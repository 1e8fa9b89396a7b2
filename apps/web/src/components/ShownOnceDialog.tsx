import { Alert, Button, Dialog, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DialogFrame } from '@/components/DialogFrame';

type Props = {
  title: string;
  /** `data-testid` of the dialog; its Done button's is `doneTestId`. */
  testId: string;
  doneTestId: string;
  /** What the warning says: that this is the only time it is shown, and where to put it now. */
  warning: string;
  onClose: () => void;
  children: ReactNode;
};

/**
 * A secret shown this once (an API key, a provisioning token, a webhook's signing secret): the
 * warning above it, and only Done, Close or Escape end it, never a stray click beside it.
 */
export function ShownOnceDialog({ title, testId, doneTestId, warning, onClose, children }: Props) {
  return (
    <DialogFrame
      title={title}
      testId={testId}
      size="md"
      onClose={onClose}
      closeOnInteractOutside={false}
      footer={
        <Dialog.ActionTrigger asChild>
          <Button colorPalette="brand" data-testid={doneTestId}>
            Done
          </Button>
        </Dialog.ActionTrigger>
      }
    >
      <Stack gap="4">
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{warning}</Alert.Title>
        </Alert.Root>
        {children}
      </Stack>
    </DialogFrame>
  );
}
