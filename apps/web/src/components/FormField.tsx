import { Field, HStack, type FieldRootProps } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import { get, useFormContext, useFormState, type RegisterOptions, type UseFormRegisterReturn } from 'react-hook-form';

/** What the control of a field spreads onto itself: the form binding and the descriptions. */
export type FieldControl = UseFormRegisterReturn & { 'aria-describedby'?: string; 'data-testid'?: string };

type Props = Omit<FieldRootProps, 'children' | 'invalid' | 'required' | 'disabled' | 'ids'> & {
  /** The input field's name, as the schema and the GraphQL input name it. */
  name: string;
  label: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** A line under the control that helps to fill it in. */
  help?: ReactNode;
  /** Beside the label, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
  /** The control's test id; the message gets `<testId>-error` and the help `<testId>-help`. */
  testId?: string;
  /** Registration options, e.g. an `onChange` that updates a dependent field. */
  rules?: Pick<RegisterOptions, 'onChange' | 'onBlur'>;
  /** Renders the control (Input, select, …) with the props it must spread. */
  children: (control: FieldControl) => ReactNode;
};

/**
 * One field of a kit form: label with the required mark, the control, help and the field's message.
 * The message and the help describe the control (`aria-describedby`), so a screen reader reads them
 * with the label when the control takes focus, and the control is marked `aria-invalid` while the
 * message shows. Chakra's field alone links the message only by `aria-errormessage`, which
 * several screen readers ignore.
 */
export function FormField({ name, label, required, disabled, help, labelAside, testId, rules, children, ...rootProps }: Props) {
  const { register } = useFormContext();
  const { errors } = useFormState({ name });
  const message = (get(errors, name) as { message?: string } | undefined)?.message;
  const id = useId();
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const describedBy = [message && errorId, help && helpId].filter(Boolean).join(' ') || undefined;

  const labelElement = (
    <Field.Label>
      {label}
      <Field.RequiredIndicator />
    </Field.Label>
  );

  return (
    <Field.Root
      invalid={Boolean(message)}
      required={required}
      disabled={disabled}
      ids={{ errorText: errorId, helperText: helpId }}
      {...rootProps}
    >
      {labelAside ? (
        <HStack justify="space-between" width="full">
          {labelElement}
          {labelAside}
        </HStack>
      ) : (
        labelElement
      )}
      {children({ ...register(name, rules), 'aria-describedby': describedBy, 'data-testid': testId })}
      {help && <Field.HelperText data-testid={testId && `${testId}-help`}>{help}</Field.HelperText>}
      <Field.ErrorText data-testid={testId && `${testId}-error`}>{message}</Field.ErrorText>
    </Field.Root>
  );
}
