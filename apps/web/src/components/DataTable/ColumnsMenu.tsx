import { Button, Menu } from '@chakra-ui/react';
import { LuColumns3 } from 'react-icons/lu';

export type ChoosableColumn = {
  id: string;
  name: string;
  shown: boolean;
  /** The first column names each row: it always shows. */
  locked: boolean;
};

type Props = {
  columns: readonly ChoosableColumn[];
  onShownChange: (columnId: string, shown: boolean) => void;
};

/** Lets the reader choose which of a list's columns show; the list remembers the choice. */
export function ColumnsMenu({ columns, onShownChange }: Props) {
  const hiddenCount = columns.filter((column) => !column.shown).length;
  return (
    <Menu.Root closeOnSelect={false} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="outline" bg="bg" data-testid="table-columns">
          <LuColumns3 aria-hidden />
          Columns
          {hiddenCount > 0 && ` (${hiddenCount} hidden)`}
        </Button>
      </Menu.Trigger>
      {/* Kept beside its button, inside the page's main landmark, rather than at the end of the body. */}
      <Menu.Positioner>
        <Menu.Content minW="52" data-testid="table-columns-menu">
          <Menu.ItemGroup>
            <Menu.ItemGroupLabel>Show columns</Menu.ItemGroupLabel>
            {columns.map((column) => (
              <Menu.CheckboxItem
                key={column.id}
                value={column.id}
                checked={column.shown}
                disabled={column.locked}
                onCheckedChange={(checked) => onShownChange(column.id, checked)}
                data-testid={`table-column-${column.id}`}
              >
                {column.name}
                <Menu.ItemIndicator />
              </Menu.CheckboxItem>
            ))}
          </Menu.ItemGroup>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}
