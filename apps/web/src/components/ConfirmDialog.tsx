import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { failureMessage } from '@/lib/payloadErrors';
import { FormAlert } from './FormAlert';

type Props = {
  open: boolean;
  title: string;
  /** What will happen, in words that name the records: "Deactivate Ann Lee and end her sessions?" */
  children: ReactNode;
  confirmLabel: string;
  /** Red confirm button for what cannot be undone or takes something away. */
  destructive?: boolean;
  /** Does the work; the dialog closes when it resolves and stays open, saying why, when it throws. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  testId?: string;
};

/**
 * Asks before a destructive or far-reaching action. Focus starts on Cancel, Escape cancels, and a
 * failed action keeps the dialog open with the reason, so the person can retry or cancel.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  destructive = false,
  onConfirm,
  onClose,
  testId = 'confirm-dialog',
}: Props) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setFailure(null);
    onClose();
  };

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      setBusy(false);
      onClose();
    } catch (error) {
      setBusy(false);
      setFailure(failureMessage(error));
    }
  };

  return (
    <Dialog.Root open={open} role="alertdialog" onOpenChange={(details) => !details.open && close()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text as="div">{children}</Text>
                {failure && <FormAlert message={failure} testId={`${testId}-error`} />}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={busy} data-testid={`${testId}-cancel`}>
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette={destructive ? 'red' : 'brand'}
                loading={busy}
                onClick={() => void confirm()}
                data-testid={`${testId}-confirm`}
              >
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
