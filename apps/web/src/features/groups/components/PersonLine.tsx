import { Stack, Text } from '@chakra-ui/react';

type Person = { firstName: string; lastName: string; email: string };

/** A person in a list: name, email under it, and a short note such as "In the group". */
export function PersonLine({ person, note }: { person: Person; note?: string }) {
  return (
    <Stack gap="0" minW="0">
      <Text fontWeight="medium" truncate>
        {`${person.firstName} ${person.lastName}`.trim()}
        {note && (
          <Text as="span" fontWeight="normal" fontSize="sm" color="fg.muted">
            {' '}
            · {note}
          </Text>
        )}
      </Text>
      <Text fontSize="sm" color="fg.muted" truncate>
        {person.email}
      </Text>
    </Stack>
  );
}
