import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { LuArchive, LuArchiveRestore, LuEllipsis, LuPencil, LuTrash2 } from 'react-icons/lu';

export type PlanAction = 'edit' | 'retire' | 'reinstate' | 'delete';

type Props = {
  planName: string;
  retired: boolean;
  /** Only a plan no licence or enquiry uses may be deleted; one in use is retired instead. */
  deletable: boolean;
  onAction: (action: PlanAction) => void;
};

/** What can be done to one plan, in a menu so a row stays narrow on a phone. */
export function PlanActions({ planName, retired, deletable, onAction }: Props) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(details) => onAction(details.value as PlanAction)}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={`Actions for ${planName}`} data-testid="plan-actions">
          <LuEllipsis />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            <Menu.Item value="edit" data-testid="plan-edit">
              <LuPencil aria-hidden />
              Edit
            </Menu.Item>
            {retired ? (
              <Menu.Item value="reinstate" data-testid="plan-reinstate">
                <LuArchiveRestore aria-hidden />
                Offer again
              </Menu.Item>
            ) : (
              <Menu.Item value="retire" data-testid="plan-retire">
                <LuArchive aria-hidden />
                Retire
              </Menu.Item>
            )}
            {deletable && (
              <Menu.Item value="delete" color="fg.error" data-testid="plan-delete">
                <LuTrash2 aria-hidden />
                Delete
              </Menu.Item>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
