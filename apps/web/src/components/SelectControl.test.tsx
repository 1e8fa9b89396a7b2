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

type Country = { countryCode: string };

function SearchHarness({ onValues }: { onValues: (values: Country) => void }) {
  const form = useForm<Country>({ defaultValues: { countryCode: 'IN' } });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onValues)}>
        <FormField name="countryCode" label="Country" testId="country">
          {(control) => (
            <SelectControl
              {...control}
              search={{ label: 'Search countries' }}
              options={[
                ['', 'No country'],
                ['FR', 'France'],
                ['IN', 'India'],
                ['IE', 'Ireland'],
                ['US', 'United States'],
              ]}
            />
          )}
        </FormField>
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

describe('SelectControl with a search box', () => {
  it('narrows the choices to what is typed, keeping the chosen one, and the form keeps what is chosen next', async () => {
    let saved: Country | undefined;
    renderInConsole(<SearchHarness onValues={(values) => (saved = values)} />);
    const select = screen.getByLabelText('Country') as HTMLSelectElement;
    await userEvent.type(screen.getByLabelText('Search countries'), 'ire');
    expect([...select.options].map((option) => option.text)).toEqual(['No country', 'India', 'Ireland']);
    await userEvent.selectOptions(select, 'IE');
    await userEvent.clear(screen.getByLabelText('Search countries'));
    expect(select.options).toHaveLength(5);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual({ countryCode: 'IE' });
  });
});
