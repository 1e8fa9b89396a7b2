import { NativeSelect } from '@chakra-ui/react';

export type FilterSelectProps<Value extends string> = {
  /** What the filter narrows by, for a screen reader (the options say it to the eye). */
  label: string;
  /** The chosen value; '' for the option that shows everything. */
  value: Value | '';
  /** Every choice as [value, label], the one that shows everything ('') first. */
  options: readonly (readonly [value: Value | '', label: string])[];
  onChange: (value: Value | '') => void;
  testId: string;
};

/** One of a list's filters beside its search: a plain select whose first option shows every row. */
export function FilterSelect<Value extends string>({ label, value, options, onChange, testId }: FilterSelectProps<Value>) {
  return (
    <NativeSelect.Root size="md" width={{ base: 'full', sm: 'auto' }}>
      <NativeSelect.Field
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value as Value | '')}
        bg="bg"
        data-testid={testId}
      >
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
