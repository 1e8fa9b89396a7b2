import { NativeSelect } from '@chakra-ui/react';
import type { FieldControl } from './FormField';

/** One choice of a select: the value the form keeps, and what the person reads. */
export type SelectOption = readonly [value: string, label: string];

type Props = FieldControl & {
  /** Every choice in order; a first option with value '' asks for a choice ("Choose a plan"). */
  options: readonly SelectOption[];
};

/** The select of a kit form field: render it as a FormField's control, `{(control) => <SelectControl {...control} options={…} />}`. */
export function SelectControl({ options, ...control }: Props) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field {...control}>
        {options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
