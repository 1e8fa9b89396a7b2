import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type Props = {
  title: string;
  /** `data-testid` of the dialog's content. */
  testId: string;
  /** Wide enough for two columns of fields, or for one. */
  size?: 'lg' | 'md';
  onClose: () => void;
  /** The buttons at the bottom, e.g. Cancel and Save, or Done. */
  footer: ReactNode;
  /** False for what must be ended on purpose (a secret shown once): a click beside it does not close it. */
  closeOnInteractOutside?: boolean;
  children: ReactNode;
};

/** The kit's dialog: open while shown, full screen on a phone, centred above, with its title, body, buttons and a close button. */
export function DialogFrame({ title, testId, size = 'lg', onClose, footer, closeOnInteractOutside = true, children }: Props) {
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && onClose()}
      closeOnInteractOutside={closeOnInteractOutside}
      placement="center"
      size={{ base: 'full', md: size }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId} minH={{ md: 'auto' }} rounded={{ md: 'l3' }}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>{footer}</Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
