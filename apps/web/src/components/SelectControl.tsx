import { Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { FieldControl } from './FormField';

/** One choice of a select: the value the form keeps, and what the person reads. */
export type SelectOption = readonly [value: string, label: string];

type Props = FieldControl & {
  /** Every choice in order; a first option with value '' asks for a choice ("Choose a plan"). */
  options: readonly SelectOption[];
  /**
   * For a long list (countries, currencies): a search box above the select narrows its choices to
   * those whose name or value contains the text typed. `label` names the box for screen readers.
   */
  search?: { label: string; placeholder?: string };
};

/** The select of a kit form field: render it as a FormField's control, `{(control) => <SelectControl {...control} options={…} />}`. */
export function SelectControl({ options, search, ...control }: Props) {
  return search ? <SearchableSelect {...control} options={options} search={search} /> : <Select {...control} options={options} />;
}

function Select({ options, ...control }: FieldControl & { options: readonly SelectOption[] }) {
  // Shown from the form's value rather than left to the element, so a choice stays chosen when the
  // options arrive or change after the form has started (a list that loads, a search that narrows).
  const value = useWatch({ name: control.name }) as string | null | undefined;
  return (
    <NativeSelect.Root>
      <NativeSelect.Field {...control} value={value ?? ''}>
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

const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

function SearchableSelect({ options, search, ...control }: FieldControl & Required<Pick<Props, 'options' | 'search'>>) {
  const [text, setText] = useState('');
  // The chosen value stays among the choices whatever is typed, so narrowing never changes it.
  const chosen = useWatch({ name: control.name }) as string | undefined;
  const needle = folded(text.trim());
  const shown = needle
    ? options.filter(([value, label]) => value === '' || value === chosen || folded(label).includes(needle) || folded(value) === needle)
    : options;
  return (
    <Stack gap="1.5" width="full">
      {/* A field of its own: the box is not the field's control, and takes neither its label nor its messages. */}
      <Field.Root>
        <Input
          type="search"
          size="sm"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-label={search.label}
          placeholder={search.placeholder ?? 'Type to narrow the list'}
          autoComplete="off"
          data-testid={control['data-testid'] && `${control['data-testid']}-search`}
        />
      </Field.Root>
      <Select {...control} options={shown} />
    </Stack>
  );
}
