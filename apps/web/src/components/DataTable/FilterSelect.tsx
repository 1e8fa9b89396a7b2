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

export type BooleanFilterSelectProps = {
  label: string;
  /** The filter's value: undefined shows every row. */
  value: boolean | undefined;
  /** What each choice says: every row, the rows where the value is true, and where it is false. */
  labels: { all: string; true: string; false: string };
  onChange: (value: boolean | null) => void;
  testId: string;
};

/** A yes-or-no filter beside a list's search: every row, or only those where it is true, or false. */
export function BooleanFilterSelect({ label, value, labels, onChange, testId }: BooleanFilterSelectProps) {
  return (
    <FilterSelect
      label={label}
      value={value === undefined ? '' : String(value)}
      options={[
        ['', labels.all],
        ['true', labels.true],
        ['false', labels.false],
      ]}
      onChange={(chosen) => onChange(chosen === '' ? null : chosen === 'true')}
      testId={testId}
    />
  );
}
