import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { LuCalendarPlus, LuEllipsis, LuPower, LuPowerOff, LuRepeat } from 'react-icons/lu';

export type LicenceAction = 'extend' | 'changePlan' | 'deactivate' | 'reactivate';

type Props = {
  /** Names the licence for a screen reader: "Yozy Web Web Business". */
  label: string;
  isActive: boolean;
  onAction: (action: LicenceAction) => void;
};

/** What the provider can do to one licence, in a menu so a row stays narrow on a phone. */
export function LicenceActions({ label, isActive, onAction }: Props) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(details) => onAction(details.value as LicenceAction)}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={`Actions for ${label}`} data-testid="licence-actions">
          <LuEllipsis />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            <Menu.Item value="extend" data-testid="licence-extend">
              <LuCalendarPlus aria-hidden />
              Extend
            </Menu.Item>
            <Menu.Item value="changePlan" data-testid="licence-change-plan">
              <LuRepeat aria-hidden />
              Change plan
            </Menu.Item>
            {isActive ? (
              <Menu.Item value="deactivate" color="fg.error" data-testid="licence-deactivate">
                <LuPowerOff aria-hidden />
                Deactivate
              </Menu.Item>
            ) : (
              <Menu.Item value="reactivate" data-testid="licence-reactivate">
                <LuPower aria-hidden />
                Reactivate
              </Menu.Item>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
