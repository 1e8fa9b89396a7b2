import { Heading, VisuallyHidden } from '@chakra-ui/react';
import { useLocation } from 'react-router-dom';
import { PageHeader } from '@/components/PageHeader';
import { ScreenSpinner } from '@/components/ScreenSpinner';
import type { ViewerFieldsFragment } from '@/generated/graphql';

/**
 * What the frame shows while a screen's code loads: the screen's title as the page's one h1, so
 * the page is never without a level-one heading (a screen reader user jumping to it, or axe,
 * finds one), then a spinner. A path outside the menu gets a hidden "Loading" heading instead.
 */
export function ShellScreenLoading({ menu }: { menu: ViewerFieldsFragment['menu'] }) {
  const { pathname } = useLocation();
  const entry = menu.find((candidate) => candidate.path.toLowerCase() === pathname.toLowerCase());
  return (
    <>
      {entry ? (
        <PageHeader title={entry.name} />
      ) : (
        <VisuallyHidden asChild>
          <Heading as="h1">Loading</Heading>
        </VisuallyHidden>
      )}
      <ScreenSpinner />
    </>
  );
}
