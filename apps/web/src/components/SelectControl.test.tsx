// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { renderInConsole } from '@/testing/render';
import { FormField } from './FormField';
import { SelectControl } from './SelectControl';

type Values = { frequency: string };

function Harness({ onValues }: { onValues: (values: Values) => void }) {
  const form = useForm<Values>({ defaultValues: { frequency: '' } });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onValues)}>
        <FormField name="frequency" label="Billed" required help="How often the plan is paid" testId="frequency">
          {(control) => (
            <SelectControl
              {...control}
              options={[
                ['', 'Choose how often'],
                ['MONTHLY', 'Monthly'],
                ['YEARLY', 'Yearly'],
              ]}
            />
          )}
        </FormField>
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

describe('SelectControl', () => {
  it('offers the choices in order under the field’s label, described by its help, and the form keeps the one chosen', async () => {
    let saved: Values | undefined;
    renderInConsole(<Harness onValues={(values) => (saved = values)} />);
    const select = screen.getByLabelText(/Billed/) as HTMLSelectElement;
    expect(select).toBe(screen.getByTestId('frequency'));
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'Choose how often'],
      ['MONTHLY', 'Monthly'],
      ['YEARLY', 'Yearly'],
    ]);
    expect(document.getElementById(select.getAttribute('aria-describedby')!)?.textContent).toBe('How often the plan is paid');

    await userEvent.selectOptions(select, 'YEARLY');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual({ frequency: 'YEARLY' });
  });
});
