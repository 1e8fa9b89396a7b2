import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { MutationForm as Kit } from '../lib/useMutationForm';
import { MutationForm } from './MutationForm';

type Props<Schema extends z.ZodObject> = {
  /** Names the test ids: `<noun>-dialog`, `<noun>-form`, `<noun>-form-alert`, `<noun>-save`. */
  noun: string;
  /** The dialog's title and the form's accessible name, e.g. "Add a region". */
  title: string;
  kit: Kit<Schema>;
  /** The words of the save button, e.g. "Add region" or "Save". */
  submitLabel: string;
  onClose: () => void;
  /** Wide enough for two columns of fields (the default), or for one. */
  size?: 'lg' | 'md';
  /** The form's fields. */
  children: ReactNode;
};

/** A form of the form kit in a dialog, with Cancel and its submit button: full screen on a phone, centred above. */
export function FormDialog<Schema extends z.ZodObject>({ noun, title, kit, submitLabel, onClose, size = 'lg', children }: Props<Schema>) {
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center" size={{ base: 'full', md: size }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={`${noun}-dialog`} minH={{ md: 'auto' }} rounded={{ md: 'l3' }}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <MutationForm kit={kit} label={title} testId={`${noun}-form`} alertTestId={`${noun}-form-alert`}>
                {children}
              </MutationForm>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={kit.submitting}>
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button type="submit" form={kit.formId} colorPalette="brand" loading={kit.submitting} data-testid={`${noun}-save`}>
                {submitLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
