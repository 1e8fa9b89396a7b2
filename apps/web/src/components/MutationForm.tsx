import { Button, Stack, type StackProps } from '@chakra-ui/react';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import type { z } from 'zod';
import { adoptPrerenderedForm } from '@/lib/prerendered';
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
  /**
   * The form is what its page is for (sign-in, the code step, …): its first field takes the focus
   * when it appears, unless the person is already somewhere else on the page.
   */
  focusOnArrival?: boolean;
  children: ReactNode;
};

/** The first field a person can type in or choose from. */
function firstField(form: HTMLFormElement): HTMLElement | undefined {
  return [...form.elements].find(
    (element): element is HTMLElement =>
      element.matches('input, select, textarea') && !element.matches(':disabled, [hidden], [type="hidden"], [readonly]'),
  );
}

/**
 * The form element of a kit form: no browser bubbles (the schema's messages show instead), the
 * alert above the fields (with a Reload button when the form's own code could not be loaded),
 * and the form's state for the FormFields inside.
 */
export function MutationForm<Schema extends z.ZodObject>({
  kit,
  label,
  testId,
  alertTestId,
  alertDetails,
  gap = '5',
  focusOnArrival = false,
  children,
}: Props<Schema>) {
  const formRef = useRef<HTMLFormElement>(null);
  // The page arrived as ready HTML (lib/prerendered.ts): this form takes over what was typed in it, before it paints.
  const { setValue } = kit.form;
  useLayoutEffect(() => {
    if (formRef.current) adoptPrerenderedForm(formRef.current, setValue);
  }, [setValue]);
  useEffect(() => {
    if (!focusOnArrival || !formRef.current) return;
    // Focus is nowhere when the page has just opened or the link followed to it has gone.
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    firstField(formRef.current)?.focus();
  }, [focusOnArrival]);

  return (
    <FormProvider {...kit.form}>
      <form ref={formRef} id={kit.formId} noValidate aria-label={label} data-testid={testId} onSubmit={kit.onSubmit}>
        <Stack gap={gap}>
          {kit.formError && (
            <FormAlert id={kit.alertId} message={kit.formError.message} testId={alertTestId}>
              {kit.formError.reload ? (
                <Button size="xs" variant="outline" colorPalette="red" mt="2" onClick={() => window.location.reload()}>
                  Reload the page
                </Button>
              ) : (
                alertDetails?.(kit.formError)
              )}
            </FormAlert>
          )}
          {children}
        </Stack>
      </form>
    </FormProvider>
  );
}
