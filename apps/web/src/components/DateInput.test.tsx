// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { renderInConsole } from '@/testing/render';
import { DayRangeFilter } from './DataTable/DayRangeFilter';
import { DateControl } from './DateInput';
import { FormField } from './FormField';

function Filter({ onFrom }: { onFrom: (day: string | null) => void }) {
  const [from, setFrom] = useState<string | undefined>('2026-11-01');
  const [to, setTo] = useState<string | undefined>('2026-11-30');
  return (
    <DayRangeFilter
      label="Started"
      from={from}
      to={to}
      onFromChange={(day) => {
        setFrom(day ?? undefined);
        onFrom(day);
      }}
      onToChange={(day) => setTo(day ?? undefined)}
      testId="started"
    />
  );
}

const schema = z.object({ validTill: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the last valid day') });

function Form({ onValues, initial }: { onValues: (values: { validTill: string }) => void; initial: string }) {
  const form = useForm({ defaultValues: { validTill: initial }, resolver: zodResolver(schema) });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onValues)}>
        <FormField name="validTill" label="Valid till" testId="valid-till">
          {(control) => <DateControl {...control} pickerLabel="Choose the last valid day" />}
        </FormField>
        <button type="button" onClick={() => form.setValue('validTill', '2028-02-29')}>
          One more year
        </button>
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

describe('DateInput', () => {
  it('shows the days as DD-MM-YYYY and hands on the typed day as YYYY-MM-DD', async () => {
    const picked: (string | null)[] = [];
    renderInConsole(<Filter onFrom={(day) => picked.push(day)} />);
    const from = screen.getByLabelText('Started from');
    expect(from).toHaveProperty('value', '01-11-2026');
    expect(screen.getByLabelText('Started to')).toHaveProperty('value', '30-11-2026');

    await userEvent.clear(from);
    await userEvent.type(from, '25-11-2026');
    expect(picked.at(-1)).toBe('2026-11-25');
    await userEvent.clear(from);
    expect(picked.at(-1)).toBeNull();
  });

  it('refuses on the field text that is no day, or a day past the other end, and hands nothing on', async () => {
    const picked: (string | null)[] = [];
    renderInConsole(<Filter onFrom={(day) => picked.push(day)} />);
    const from = screen.getByLabelText('Started from');
    await userEvent.clear(from);
    picked.length = 0;
    await userEvent.type(from, '31-02-2026');
    await userEvent.tab();
    expect(picked).toEqual([]);
    expect(screen.getByTestId('started-from-error').textContent).toBe('Type the day as DD-MM-YYYY, such as 25-11-2026');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(from.getAttribute('aria-describedby')).toContain(screen.getByTestId('started-from-error').id);

    await userEvent.clear(from);
    await userEvent.type(from, '01-12-2026');
    await userEvent.tab();
    expect(screen.getByTestId('started-from-error').textContent).toBe('Choose 30-11-2026 or earlier');
    // Emptied on the way (null), never a day past the last one.
    expect(picked).toEqual([null]);

    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-02');
    await userEvent.tab();
    expect(screen.getByTestId('started-from-error').textContent).toContain('DD-MM-YYYY');
    await userEvent.clear(from);
    await userEvent.type(from, '2-11-2026');
    expect(picked.at(-1)).toBe('2026-11-02');
    expect(screen.queryByTestId('started-from-error')?.textContent ?? '').toBe('');
  });

  it('in a form: keeps the day underneath, follows a day the form sets, and lets the form refuse other text', async () => {
    const saved: { validTill: string }[] = [];
    renderInConsole(<Form initial="2027-01-31" onValues={(values) => saved.push(values)} />);
    const field = screen.getByLabelText('Valid till');
    expect(field).toHaveProperty('value', '31-01-2027');

    await userEvent.click(screen.getByRole('button', { name: 'One more year' }));
    expect(field).toHaveProperty('value', '29-02-2028');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([{ validTill: '2028-02-29' }]);

    await userEvent.clear(field);
    await userEvent.type(field, '30-02-2028');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved.slice(1)).toEqual([]);
    expect(screen.getByTestId('valid-till-error').textContent).toBe('Enter the last valid day');
    expect(document.activeElement).toBe(field);
  });
});
