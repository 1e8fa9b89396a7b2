import { Button, Dialog } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { MutationForm as Kit } from '@/lib/useMutationForm';
import { DialogFrame } from './DialogFrame';
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
    <DialogFrame
      title={title}
      testId={`${noun}-dialog`}
      size={size}
      onClose={onClose}
      footer={
        <>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline" disabled={kit.submitting}>
              Cancel
            </Button>
          </Dialog.ActionTrigger>
          <Button type="submit" form={kit.formId} colorPalette="brand" loading={kit.submitting} data-testid={`${noun}-save`}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <MutationForm kit={kit} label={title} testId={`${noun}-form`} alertTestId={`${noun}-form-alert`}>
        {children}
      </MutationForm>
    </DialogFrame>
  );
}
