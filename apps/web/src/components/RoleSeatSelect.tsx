import { NativeSelect } from '@chakra-ui/react';
import type { ComponentProps } from 'react';
import type { UserSeatsQuery } from '@/generated/graphql';

type Seats = UserSeatsQuery['userSeats'][number];

type Props = ComponentProps<typeof NativeSelect.Field> & {
  /** The products to offer, each with its roles and the seats it has left. */
  seats: readonly Seats[];
  size?: NativeSelect.RootProps['size'];
};

/**
 * The roles of the organisation's products, grouped by product with the seats each has left: the
 * role a person gets takes a seat on its product (the invitation form, provisioning's default role,
 * a role added on a person's page). The other props go to the select itself: a form field's
 * control, or a value and its onChange.
 */
export function RoleSeatSelect({ seats, size, ...field }: Props) {
  return (
    <NativeSelect.Root size={size}>
      <NativeSelect.Field {...field}>
        <option value="">Choose a role</option>
        {seats.map((product) => (
          <optgroup key={product.productId} label={`${product.productName} (${product.left} of ${product.capacity} seats left)`}>
            {product.roles.map((role) => (
              <option key={role.id} value={role.id}>
                {role.name} · {product.productName}
              </option>
            ))}
          </optgroup>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
