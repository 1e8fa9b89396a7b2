import { Badge, DataList, Heading, Stack, Table, Text } from '@chakra-ui/react';
import type { UserDetailQuery } from '@/generated/graphql';
import { formatDateTime } from '@/lib/dates';
import { UserStatusBadge } from '@/components/UserStatusBadge';

type Detail = NonNullable<UserDetailQuery['user']>;

const KINDS = { SUPER_ADMIN: 'Provider administrator', ORG_ADMIN: 'Organization admin', USER: 'User' } as const;

/** A person's details and their roles per product. */
export function UserDetails({ user }: { user: Detail }) {
  const fields: [string, string | null][] = [
    ['Email', user.email],
    ['Phone', user.phone],
    ['Department', [user.departmentName, user.departmentCode && `(${user.departmentCode})`].filter(Boolean).join(' ') || null],
    ['Kind of account', KINDS[user.typeOfUser]],
    ['Created', formatDateTime(user.createdAt)],
    ['User id', user.id],
    ['UUID', user.uuid],
  ];
  return (
    <Stack gap="6" data-testid="user-details">
      <div>
        <UserStatusBadge status={user.status} />
      </div>
      <DataList.Root orientation="horizontal" size="sm">
        {fields.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel minW="8rem">{label}</DataList.ItemLabel>
            <DataList.ItemValue wordBreak="break-all">{value || <Text color="fg.muted">Not given</Text>}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      <Stack gap="2">
        <Heading as="h3" size="sm">
          Roles
        </Heading>
        {user.roles.length === 0 ? (
          <Text color="fg.muted">No role on any product: this person takes no seat.</Text>
        ) : (
          <Table.Root size="sm" aria-label="Roles per product" data-testid="user-roles">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Product</Table.ColumnHeader>
                <Table.ColumnHeader>Role</Table.ColumnHeader>
                <Table.ColumnHeader>Since</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {user.roles.map((role) => (
                <Table.Row key={`${role.productId}-${role.roleId}`}>
                  <Table.Cell>{role.productName}</Table.Cell>
                  <Table.Cell>
                    <Badge variant="outline">{role.roleName}</Badge>
                  </Table.Cell>
                  <Table.Cell>{formatDateTime(role.assignedAt)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Stack>
    </Stack>
  );
}
