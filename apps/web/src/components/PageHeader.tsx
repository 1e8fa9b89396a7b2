import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/pageTitle';

/** Every screen's title: the one h1 of the page, optionally under a breadcrumb-like eyebrow. */
export function PageHeader({ title, eyebrow }: { title: string; eyebrow?: ReactNode }) {
  usePageTitle(title);
  return (
    <Stack gap="1" mb="6">
      {eyebrow && (
        <Text as="div" fontSize="sm" color="fg.muted" fontWeight="medium">
          {eyebrow}
        </Text>
      )}
      <Heading as="h1" size="2xl" letterSpacing="tight" data-testid="page-title">
        {title}
      </Heading>
    </Stack>
  );
}
