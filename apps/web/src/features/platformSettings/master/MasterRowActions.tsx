import { IconButton, Menu, Portal } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { LuEllipsis } from 'react-icons/lu';

export type RowActionItem = { value: string; label: string; icon: ReactElement; destructive?: boolean };

type Props = {
  /** Names the test ids: `<noun>-actions` for the menu, `<noun>-<value>` for each action. */
  noun: string;
  /** The record's name, in the buttons' accessible names. */
  rowName: string;
  items: readonly RowActionItem[];
  onAction: (value: string) => void;
};

/**
 * What can be done to one record: a lone action is a button named for it ("Edit Yozy Web"), several
 * are a menu ("Actions for Web Business"), so a row stays narrow on a phone.
 */
export function MasterRowActions({ noun, rowName, items, onAction }: Props) {
  if (items.length === 0) return null;
  if (items.length === 1) {
    const [only] = items as [RowActionItem];
    return (
      <IconButton
        variant="ghost"
        size="sm"
        aria-label={`${only.label} ${rowName}`}
        onClick={() => onAction(only.value)}
        data-testid={`${noun}-${only.value}`}
      >
        {only.icon}
      </IconButton>
    );
  }
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(details) => onAction(details.value)}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={`Actions for ${rowName}`} data-testid={`${noun}-actions`}>
          <LuEllipsis />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            {items.map((item) => (
              <Menu.Item
                key={item.value}
                value={item.value}
                color={item.destructive ? 'fg.error' : undefined}
                data-testid={`${noun}-${item.value}`}
              >
                {item.icon}
                {item.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
