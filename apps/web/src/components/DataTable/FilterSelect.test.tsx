// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInConsole } from '@/testing/render';
import { BooleanFilterSelect, FilterSelect } from './index';

type Status = 'PENDING' | 'EXPIRED';

function StatusFilter({ changes }: { changes: (Status | '')[] }) {
  const [status, setStatus] = useState<Status | ''>('');
  return (
    <FilterSelect<Status>
      label="Invitation status"
      value={status}
      options={[
        ['', 'All invitations'],
        ['PENDING', 'Pending'],
        ['EXPIRED', 'Expired'],
      ]}
      onChange={(value) => {
        changes.push(value);
        setStatus(value);
      }}
      testId="status-filter"
    />
  );
}

describe('FilterSelect', () => {
  it('is named for a screen reader, starts on "all" and hands over the chosen value, "" for all again', async () => {
    const changes: (Status | '')[] = [];
    renderInConsole(<StatusFilter changes={changes} />);
    const select = screen.getByRole('combobox', { name: 'Invitation status' });
    expect(select).toHaveProperty('value', '');
    expect(screen.getByRole('option', { name: 'All invitations' })).toHaveProperty('selected', true);

    await userEvent.selectOptions(select, 'Expired');
    expect(select).toHaveProperty('value', 'EXPIRED');
    await userEvent.selectOptions(select, 'All invitations');
    expect(changes).toEqual(['EXPIRED', '']);
  });
});

describe('BooleanFilterSelect', () => {
  it('hands over true, false, or null for every row, from the words each choice says', async () => {
    const changes: (boolean | null)[] = [];
    function Retired() {
      const [retired, setRetired] = useState<boolean | undefined>(undefined);
      return (
        <BooleanFilterSelect
          label="Show"
          value={retired}
          labels={{ all: 'All plans', true: 'Retired', false: 'On sale' }}
          onChange={(value) => {
            changes.push(value);
            setRetired(value ?? undefined);
          }}
          testId="plan-status-filter"
        />
      );
    }
    renderInConsole(<Retired />);
    const select = screen.getByRole('combobox', { name: 'Show' });
    expect(select).toHaveProperty('value', '');
    await userEvent.selectOptions(select, 'On sale');
    await userEvent.selectOptions(select, 'Retired');
    await userEvent.selectOptions(select, 'All plans');
    expect(changes).toEqual([false, true, null]);
  });
});
