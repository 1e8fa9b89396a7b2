// @vitest-environment happy-dom
import { Button } from '@chakra-ui/react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CONFIRMATION_MISSING_MESSAGE,
  NEW_PASSWORD_MISSING_MESSAGE,
  newPasswordInput,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_RULE_MESSAGE,
} from '@yozy/shared';
import { describe, expect, it, vi } from 'vitest';
import { MutationForm } from '@/components/MutationForm';
import { useMutationForm } from '@/lib/useMutationForm';
import { renderInConsole } from '@/testing/render';
import { NewPasswordFields } from './NewPasswordFields';

vi.mock('@/lib/useCaptcha', () => ({ useCaptcha: () => ({ take: vi.fn(async () => 'answer'), prepare: vi.fn() }) }));

const newPasswordSchema = async () => newPasswordInput;

function ResetForm() {
  const kit = useMutationForm({
    schema: newPasswordSchema,
    defaultValues: { password: '', confirmPassword: '' },
    call: vi.fn(),
    onSuccess: vi.fn(),
  });
  return (
    <MutationForm kit={kit} label="Choose a new password" alertTestId="reset-error">
      <NewPasswordFields username="ann@acme.local" testIdPrefix="reset" hint={PASSWORD_RULE_MESSAGE} />
      <Button type="submit">Reset password</Button>
    </MutationForm>
  );
}

const password = () => screen.getByTestId('reset-password');
const confirmation = () => screen.getByTestId('reset-confirm');
const messageOf = (suffix: 'password' | 'confirm') => screen.queryByTestId(`reset-${suffix}-error`)?.textContent ?? null;
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Reset password' }));

describe('NewPasswordFields', () => {
  it('shows the rule as help on the password until the password has a message', async () => {
    renderInConsole(<ResetForm />);
    const help = screen.getByTestId('reset-password-help');
    expect(help.textContent).toBe(PASSWORD_RULE_MESSAGE);
    expect(password().getAttribute('aria-describedby')).toBe(help.id);

    await userEvent.type(password(), 'weak');
    await submit();

    expect(messageOf('password')).toBe(PASSWORD_RULE_MESSAGE);
    expect(screen.queryByTestId('reset-password-help')).toBeNull();
  });

  it('takes a mismatch away when either password is edited', async () => {
    renderInConsole(<ResetForm />);
    await userEvent.type(password(), 'Fresh@456');
    await userEvent.type(confirmation(), 'Fresh@457');
    await submit();
    expect(messageOf('confirm')).toBe(PASSWORD_MISMATCH_MESSAGE);

    await userEvent.type(password(), '7');
    expect(messageOf('confirm')).toBeNull();

    await submit();
    expect(messageOf('confirm')).toBe(PASSWORD_MISMATCH_MESSAGE);
    await userEvent.type(confirmation(), '8');
    expect(messageOf('confirm')).toBeNull();
  });

  it('keeps "enter it" on the confirmation when only the password is edited', async () => {
    renderInConsole(<ResetForm />);
    await submit();
    expect(messageOf('password')).toBe(NEW_PASSWORD_MISSING_MESSAGE);
    expect(messageOf('confirm')).toBe(CONFIRMATION_MISSING_MESSAGE);

    await userEvent.type(password(), 'F');
    expect(messageOf('password')).toBeNull();
    expect(messageOf('confirm')).toBe(CONFIRMATION_MISSING_MESSAGE);
  });
});
