import { NativeSelect } from '@chakra-ui/react';
import type { FieldControl } from '@/components/FormField';
import type { UserSeatsQuery } from '@/generated/graphql';

type Seats = UserSeatsQuery['userSeats'][number];

/**
 * The roles of the organisation's products, grouped by product with the seats each has left: the
 * role a person gets takes a seat on its product (the invitation form, provisioning's default role).
 */
export function RoleSeatSelect({ control, seats }: { control: FieldControl; seats: readonly Seats[] }) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field {...control}>
        <option value="">Choose a role</option>
        {seats.map((product) => (
          <optgroup key={product.productId} label={`${product.productName} (${product.left} seats left)`}>
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
