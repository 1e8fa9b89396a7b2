import { CloseButton, Drawer, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { FormAlert } from '@/components/FormAlert';
import { useUserDetailQuery } from '@/generated/graphql';
import { describeRequestError } from '@/lib/requestErrors';
import { TwoFactorResetSection } from '@/features/users/components/TwoFactorResetSection';
import { UserDetails } from '@/features/users/components/UserDetails';

type Props = {
  /** The person shown; null keeps the drawer closed. */
  userId: string | null;
  /** The person's name as the list showed it, for the title while the details load. */
  name: string;
  organizationId?: string;
  onClose: () => void;
};

/** One person's details and roles per product, beside the list. */
export function UserDetailDrawer({ userId, name, organizationId, onClose }: Props) {
  const { data, error, loading } = useUserDetailQuery({
    variables: { id: userId ?? '', organizationId },
    skip: userId === null,
  });
  const user = data?.user;
  return (
    <Drawer.Root
      open={userId !== null}
      onOpenChange={(details) => !details.open && onClose()}
      placement="end"
      size={{ base: 'full', md: 'md' }}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="user-drawer">
            <Drawer.Header>
              <Drawer.Title>{user ? `${user.firstName} ${user.lastName}` : name}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {error ? (
                <FormAlert message={describeRequestError(error)} testId="user-drawer-error" />
              ) : user ? (
                <Stack gap="6">
                  <UserDetails user={user} />
                  <TwoFactorResetSection
                    userId={user.id}
                    twoFactor={user.twoFactor}
                    name={`${user.firstName} ${user.lastName}`}
                    organizationId={organizationId}
                  />
                </Stack>
              ) : loading ? (
                <Stack gap="3" role="status" aria-label="Loading the person's details">
                  <Skeleton height="5" width="40%" />
                  <Skeleton height="24" />
                  <Skeleton height="16" />
                </Stack>
              ) : (
                <Text>This person is no longer in the organization.</Text>
              )}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close details" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
