import { Box, IconButton, Tabs } from '@chakra-ui/react';
import { useEffect, type KeyboardEvent, type ReactNode } from 'react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { PageTitleSection } from '@/lib/pageTitle';
import { useHorizontalOverflow } from '@/lib/useHorizontalOverflow';

export type LinkTab = { value: string; label: string; to: string };

type Props = {
  /** Names the tab list for screen readers, e.g. "Organization sections". */
  label: string;
  tabs: readonly LinkTab[];
  /** The tab of the current address. */
  value: string;
  /** The selected tab's content. */
  children?: ReactNode;
  testId?: string;
};

// Hidden content at an edge fades out, whatever the background behind the strip.
const FADE_REM = 2.5;
const FADE = `${FADE_REM}rem`;
const fadeMask = (start: boolean, end: boolean) =>
  start || end
    ? `linear-gradient(to right, ${start ? `transparent, black ${FADE}` : 'black'}, ${end ? `black calc(100% - ${FADE}), transparent` : 'black'})`
    : undefined;

// A tab is a link, so Enter follows it natively; Space should too, as it would press a tab button.
function followOnSpace(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== ' ') return;
  event.preventDefault();
  event.currentTarget.click();
}

/** Scrolls the strip so the selected tab shows, centred, when it is out of sight or under a fading edge. */
function revealSelected(list: HTMLElement) {
  const selected = list.querySelector<HTMLElement>('[aria-selected="true"]');
  if (!selected) return;
  const edge = parseFloat(getComputedStyle(list).fontSize) * FADE_REM;
  const left = selected.offsetLeft;
  const right = left + selected.offsetWidth;
  const hiddenAtStart = list.scrollLeft > 0 && left < list.scrollLeft + edge;
  const hiddenAtEnd = list.scrollLeft + list.clientWidth < list.scrollWidth && right > list.scrollLeft + list.clientWidth - edge;
  if (hiddenAtStart || hiddenAtEnd) list.scrollLeft = left - (list.clientWidth - selected.offsetWidth) / 2;
}

/**
 * Tabs whose every tab has an address (a screen's sections): links that open in a new browser tab
 * or survive a reload, with the keyboard of tabs — Tab reaches the selected one, the arrow keys,
 * Home and End move between them, Enter or Space opens one. When the tabs do not fit (a phone),
 * the strip scrolls sideways, fades at the hidden edge and offers buttons to scroll it. The open tab
 * names the page, in front of the page's title ("Plans · Platform Settings").
 */
export function LinkTabs({ label, tabs, value, children, testId }: Props) {
  const { ref: listRef, element: list, hiddenStart, hiddenEnd, overflowing, scrollByPage } = useHorizontalOverflow<HTMLDivElement>();

  // Opening a later tab by its address (or on a phone) must not leave it out of sight.
  useEffect(() => {
    if (list) revealSelected(list);
  }, [list, value]);

  return (
    // Manual activation: moving along the tabs with the arrow keys does not load each screen.
    <Tabs.Root value={value} activationMode="manual" navigate={null} variant="line" colorPalette="brand" data-testid={testId}>
      <Box position="relative" borderBottomWidth="1px">
        <Tabs.List
          ref={listRef}
          aria-label={label}
          borderBottomWidth="0"
          overflowX="auto"
          overflowY="hidden"
          css={{ scrollbarWidth: 'thin', maskImage: fadeMask(hiddenStart, hiddenEnd) }}
          data-scrolls={overflowing || undefined}
        >
          {tabs.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              asChild
              flexShrink="0"
              whiteSpace="nowrap"
              _hover={{ color: 'fg' }}
              // Inside a scrolling box the usual line below the list would be cut off: draw it flush.
              css={{ '--indicator-offset-y': '0px', _focusVisible: { outlineOffset: '-2px' } }}
              onKeyDown={followOnSpace}
            >
              <RouterLink to={tab.to}>{tab.label}</RouterLink>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* For pointers: keyboard users move with the arrow keys, which scroll the strip themselves. */}
        {hiddenStart && <ScrollButton side="start" onClick={() => scrollByPage('start')} />}
        {hiddenEnd && <ScrollButton side="end" onClick={() => scrollByPage('end')} />}
      </Box>
      <Tabs.Content value={value}>
        <PageTitleSection title={tabs.find((tab) => tab.value === value)?.label}>{children}</PageTitleSection>
      </Tabs.Content>
    </Tabs.Root>
  );
}

function ScrollButton({ side, onClick }: { side: 'start' | 'end'; onClick: () => void }) {
  return (
    <IconButton
      aria-hidden
      tabIndex={-1}
      aria-label={side === 'start' ? 'Scroll tabs back' : 'Scroll tabs on'}
      size="2xs"
      variant="outline"
      rounded="full"
      bg="bg"
      boxShadow="sm"
      position="absolute"
      top="50%"
      transform="translateY(-50%)"
      left={side === 'start' ? '0' : undefined}
      right={side === 'end' ? '0' : undefined}
      zIndex="1"
      onClick={onClick}
      data-testid={`tabs-scroll-${side}`}
    >
      {side === 'start' ? <LuChevronLeft /> : <LuChevronRight />}
    </IconButton>
  );
}
