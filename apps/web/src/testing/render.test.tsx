// @vitest-environment happy-dom
import { Button } from '@chakra-ui/react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInConsole } from './render';

describe('renderInConsole', () => {
  it('renders Chakra components that a person can click', async () => {
    const onClick = vi.fn();
    renderInConsole(<Button onClick={onClick}>Save</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledOnce();
  });
});
