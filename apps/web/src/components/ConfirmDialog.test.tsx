// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { throwIfRefused } from '@/lib/payloadErrors';
import { renderInConsole } from '@/testing/render';
import { ConfirmDialog } from './ConfirmDialog';

function Harness({ onConfirm }: { onConfirm: () => Promise<unknown> }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p data-testid="state">{open ? 'open' : 'closed'}</p>
      <ConfirmDialog
        open={open}
        title="Delete the group?"
        confirmLabel="Delete"
        destructive
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      >
        Engineering and its 4 members will be removed.
      </ConfirmDialog>
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks as an alert dialog and closes once the action is done', async () => {
    const onConfirm = vi.fn(async () => undefined);
    renderInConsole(<Harness onConfirm={onConfirm} />);
    expect(await screen.findByRole('alertdialog', { name: 'Delete the group?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('closed'));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('does nothing on Cancel', async () => {
    const onConfirm = vi.fn(async () => undefined);
    renderInConsole(<Harness onConfirm={onConfirm} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('closed'));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('stays open and says why when the action fails', async () => {
    renderInConsole(<Harness onConfirm={() => Promise.reject(new Error('offline'))} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not reach the server/i);
    expect(screen.getByTestId('state').textContent).toBe('open');
  });

  it('says why the change was refused in the words of the refusal', async () => {
    const payload = { errors: [{ code: 'CONFLICT' as const, field: null, message: 'Engineering still has 4 members' }] };
    renderInConsole(<Harness onConfirm={async () => throwIfRefused(payload)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Engineering still has 4 members');
    expect(screen.getByTestId('state').textContent).toBe('open');
  });
});
