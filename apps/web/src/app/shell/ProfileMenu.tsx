import { Box, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { LuChevronDown, LuCircleUserRound, LuLogOut } from 'react-icons/lu';

type Props = { label: string; fullName: string; email: string; onSignOut: () => void };

export function ProfileMenu({ label, fullName, email, onSignOut }: Props) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" maxW={{ base: '44', md: '72' }} data-testid="profile-menu">
          <LuCircleUserRound aria-hidden />
          <Text as="span" truncate>
            {label}
          </Text>
          <LuChevronDown aria-hidden />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="60">
            <Box px="2" py="1.5">
              <Text fontWeight="medium" fontSize="sm">
                {fullName}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {email}
              </Text>
            </Box>
            <Menu.Separator />
            <Menu.Item value="sign-out" onSelect={onSignOut} data-testid="sign-out">
              <LuLogOut aria-hidden />
              Sign out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
