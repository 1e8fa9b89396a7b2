import { Box, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { UserDetailQuery } from '@/generated/graphql';

export type Person = NonNullable<UserDetailQuery['user']>;
/** Whose page it is: the person, and the organisation the provider named (the viewer's own when absent). */
export type PersonScope = { userId: string; organizationId?: string };
/** What each section of the page is given. */
export type SectionProps = { person: Person; scope: PersonScope };

/** A section of the page: a heading, what it is for, and its content. */
export function PersonPanel({
  title,
  description,
  testId,
  children,
}: {
  title: string;
  description?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Box
      as="section"
      aria-labelledby={`${testId}-title`}
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: '4', md: '6' }}
      data-testid={testId}
    >
      <Heading as="h2" size="md" id={`${testId}-title`} mb={description ? '1' : '4'}>
        {title}
      </Heading>
      {description && (
        <Text color="fg.muted" mb="4" maxW="prose">
          {description}
        </Text>
      )}
      {children}
    </Box>
  );
}
