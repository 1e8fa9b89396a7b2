import { Checkbox, Field, Stack, Text } from '@chakra-ui/react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

type Props<Values extends FieldValues> = {
  /** The form of the form kit (`kit.form`). */
  form: UseFormReturn<Values, unknown, unknown>;
  /** A field that holds true or false. */
  name: Path<Values>;
  label: string;
  /** What turning it on does, under the label. */
  help: string;
  testId: string;
};

/** A setting that is on or off, with what it does under its label: the form kit's checkbox. */
export function CheckboxField<Values extends FieldValues>({ form, name, label, help, testId }: Props<Values>) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Field.Root>
          <Checkbox.Root
            colorPalette="brand"
            checked={field.value === true}
            onCheckedChange={(details) => field.onChange(details.checked === true)}
            alignItems="flex-start"
          >
            <Checkbox.HiddenInput ref={field.ref} name={field.name} onBlur={field.onBlur} data-testid={testId} />
            <Checkbox.Control mt="0.5" />
            <Stack gap="0.5">
              <Checkbox.Label>{label}</Checkbox.Label>
              <Text fontSize="sm" color="fg.muted">
                {help}
              </Text>
            </Stack>
          </Checkbox.Root>
        </Field.Root>
      )}
    />
  );
}
