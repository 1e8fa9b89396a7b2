// @vitest-environment happy-dom
import { Input } from '@chakra-ui/react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { renderInConsole } from '@/testing/render';
import { FormField } from './FormField';

type Values = { email: string };

/** One field in a form whose "Check" button puts `error` on it, as a failed submit would. */
function Harness({ help, error = 'Enter a valid email address' }: { help?: string; error?: string }) {
  const form = useForm<Values>({ defaultValues: { email: '' } });
  return (
    <FormProvider {...form}>
      <form>
        <FormField name="email" label="Email" required help={help} testId="email">
          {(control) => <Input type="email" {...control} />}
        </FormField>
        <button type="button" onClick={() => form.setError('email', { type: 'test', message: error })}>
          Check
        </button>
      </form>
    </FormProvider>
  );
}

/** What a screen reader reads as the control's description: the texts of its aria-describedby, in order. */
function description(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? `<missing #${id}>`).join(' | ');
}

describe('FormField', () => {
  it('labels the control and marks it required, the mark itself hidden from screen readers', () => {
    renderInConsole(<Harness />);
    const input = screen.getByLabelText(/Email/);
    expect(input).toBe(screen.getByTestId('email'));
    expect(input.hasAttribute('required')).toBe(true);
    expect(screen.getByText('*').getAttribute('aria-hidden')).toBe('true');
  });

  it('describes the control with its help while all is well, and is not marked invalid', () => {
    renderInConsole(<Harness help="The address you sign in with" />);
    const input = screen.getByTestId('email');
    expect(description(input)).toBe('The address you sign in with');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByTestId('email-error')).toBeNull();
  });

  it('marks the control invalid and has it described by its message first, then the help', async () => {
    renderInConsole(<Harness help="The address you sign in with" />);
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));

    const input = screen.getByTestId('email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('email-error').textContent).toBe('Enter a valid email address');
    expect(description(input)).toBe('Enter a valid email address | The address you sign in with');
  });

  it('has a control without help described by its message alone', async () => {
    renderInConsole(<Harness />);
    const input = screen.getByTestId('email');
    expect(input.hasAttribute('aria-describedby')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(description(input)).toBe('Enter a valid email address');
  });

  it('keeps ids apart when a form has several fields', () => {
    renderInConsole(
      <>
        <Harness help="first" />
        <Harness help="second" />
      </>,
    );
    const [first, second] = screen.getAllByTestId('email');
    expect(description(first!)).toBe('first');
    expect(description(second!)).toBe('second');
  });
});
