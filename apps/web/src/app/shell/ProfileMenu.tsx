import { Box, Button, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { LuChevronDown, LuCircleUserRound, LuLogOut, LuUserCog } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';

type Props = {
  /** The signed-in person's own name; `Yozy Admin` when it is not known. */
  label: string;
  /** Their organisation, beneath the name, so an admin sees whose console this is. */
  organization?: string;
  fullName: string;
  email: string;
  /** The person's own password, two-factor and sessions, when their menu lets them open it. */
  accountPath?: string;
  onSignOut: () => void;
};

export function ProfileMenu({ label, organization, fullName, email, accountPath, onSignOut }: Props) {
  return (
    // The menu's contents are drawn when it opens, not with every page of the frame.
    <Menu.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" height="auto" minH="9" py="1" maxW={{ base: '44', md: '72' }} data-testid="profile-menu">
          <LuCircleUserRound aria-hidden />
          <Stack as="span" gap="0" minW="0" align="start" textAlign="start" lineHeight="short">
            <Text as="span" truncate maxW="full" data-testid="profile-name">
              {label}
            </Text>
            {organization && (
              <Text as="span" truncate maxW="full" fontSize="xs" fontWeight="normal" color="fg.muted" data-testid="profile-organization">
                {organization}
              </Text>
            )}
          </Stack>
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
            {accountPath && (
              <Menu.Item value="my-account" asChild data-testid="my-account">
                <RouterLink to={accountPath}>
                  <LuUserCog aria-hidden />
                  My account
                </RouterLink>
              </Menu.Item>
            )}
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
