import { Button, Field, HStack } from '@chakra-ui/react';
import { useState, type ChangeEvent, type ReactNode } from 'react';

type Props = {
  /** The choice's label: "Add to a group". */
  label: string;
  /** The button's words: "Add to group". */
  action: string;
  busy: boolean;
  /** Adds what was chosen; true when it did, which empties the choice. */
  onAdd: (chosen: string) => Promise<boolean>;
  submitTestId?: string;
  /** The select, given its value and onChange. */
  children: (select: { value: string; onChange: (event: ChangeEvent<HTMLSelectElement>) => void }) => ReactNode;
};

/** A choice and the button that adds it to the person (a role, a group). */
export function ChooseAndAdd({ label, action, busy, onAdd, submitTestId, children }: Props) {
  const [chosen, setChosen] = useState('');
  return (
    <HStack gap="3" align="end" wrap="wrap">
      <Field.Root flex="1" minW="14rem" maxW="sm">
        <Field.Label>{label}</Field.Label>
        {children({ value: chosen, onChange: (event) => setChosen(event.target.value) })}
      </Field.Root>
      <Button
        size="sm"
        colorPalette="brand"
        disabled={!chosen}
        loading={busy}
        onClick={() => void onAdd(chosen).then((done) => done && setChosen(''))}
        data-testid={submitTestId}
      >
        {action}
      </Button>
    </HStack>
  );
}
