import { Stack, type StackProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import type { z } from 'zod';
import type { FormError, MutationForm as Kit } from '@/lib/useMutationForm';
import { FormAlert } from './FormAlert';

type Props<Schema extends z.ZodObject> = {
  /** From useMutationForm. */
  kit: Kit<Schema>;
  /** The form's accessible name. */
  label: string;
  testId?: string;
  /** Test id of the alert above the form. */
  alertTestId: string;
  /** A way on under the alert's message, e.g. a link to ask for a new one. */
  alertDetails?: (error: FormError) => ReactNode;
  gap?: StackProps['gap'];
  children: ReactNode;
};

/**
 * The form element of a kit form: no browser bubbles (the schema's messages show instead), the
 * alert above the fields, and the form's state for the FormFields inside.
 */
export function MutationForm<Schema extends z.ZodObject>({
  kit,
  label,
  testId,
  alertTestId,
  alertDetails,
  gap = '5',
  children,
}: Props<Schema>) {
  return (
    <FormProvider {...kit.form}>
      <form id={kit.formId} noValidate aria-label={label} data-testid={testId} onSubmit={kit.onSubmit}>
        <Stack gap={gap}>
          {kit.formError && (
            <FormAlert id={kit.alertId} message={kit.formError.message} testId={alertTestId}>
              {alertDetails?.(kit.formError)}
            </FormAlert>
          )}
          {children}
        </Stack>
      </form>
    </FormProvider>
  );
}
