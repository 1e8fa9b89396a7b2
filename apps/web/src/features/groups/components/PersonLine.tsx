import { Stack, Text } from '@chakra-ui/react';
import { RecordLink } from '@/components/RecordLink';

type Person = { firstName: string; lastName: string; email: string };

/** A person in a list: name (a link to their page when `to` is given), email under it, and a short note such as "In the group". */
export function PersonLine({ person, note, to }: { person: Person; note?: string; to?: string }) {
  const name = `${person.firstName} ${person.lastName}`.trim();
  return (
    <Stack gap="0" minW="0">
      <Text fontWeight="medium" truncate>
        {to ? (
          <RecordLink to={to} testId="group-member-open">
            {name}
          </RecordLink>
        ) : (
          name
        )}
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
