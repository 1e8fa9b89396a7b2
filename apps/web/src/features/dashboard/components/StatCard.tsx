import { Card, type SystemStyleObject } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { LuChevronRight } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';

type Props = {
  label: string;
  value: ReactNode;
  /** A line under the number: what it counts, or the screen the card opens. */
  detail?: ReactNode;
  icon: IconType;
  /** The screen with the rows behind the number, and its name; a number without such a screen is no link. */
  to?: string;
  destination?: string;
  testId: string;
};

// As Chakra's Icon draws an icon.
const ICON: SystemStyleObject = {
  display: 'inline-block',
  lineHeight: '1em',
  flexShrink: '0',
  color: 'currentcolor',
  verticalAlign: 'middle',
};

// The card's parts are plain elements styled from the card: five cards on the dashboard's first
// screen, each would otherwise be a dozen styled elements to render.
const STAT_CARD: SystemStyleObject = {
  '& [data-stat=top]': { display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '3' },
  '& [data-stat=numbers]': { display: 'flex', flexDirection: 'column', gap: '1' },
  '& [data-stat=label]': { textStyle: 'sm', color: 'fg.muted', fontWeight: 'medium' },
  '& [data-stat=value]': { textStyle: '3xl', fontWeight: 'semibold', lineHeight: '1.1' },
  '& [data-stat=detail]': { textStyle: 'xs', color: 'fg.muted' },
  '& [data-stat=icon]': { ...ICON, boxSize: '6', color: 'brand.fg' },
  '& [data-stat=destination]': {
    display: 'flex',
    alignItems: 'center',
    gap: '1',
    textStyle: 'xs',
    color: 'brand.fg',
    fontWeight: 'medium',
  },
  '& [data-stat=destination] svg': ICON,
};

/** One number of the dashboard; the whole card is a link to the screen listing what it counts, when there is one. */
export function StatCard({ label, value, detail, icon: StatIcon, to, destination, testId }: Props) {
  const body = (
    <Card.Body>
      <div data-stat="top">
        <div data-stat="numbers">
          <p data-stat="label">{label}</p>
          <p data-stat="value" data-testid={`${testId}-value`}>
            {value}
          </p>
          {detail && <p data-stat="detail">{detail}</p>}
        </div>
        <StatIcon data-stat="icon" focusable="false" aria-hidden />
      </div>
    </Card.Body>
  );
  if (to === undefined) {
    return (
      <Card.Root size="sm" variant="outline" css={STAT_CARD} data-testid={testId}>
        {body}
      </Card.Root>
    );
  }
  return (
    <Card.Root
      asChild
      size="sm"
      variant="outline"
      _hover={{ borderColor: 'brand.solid', bg: 'bg.muted' }}
      transition="background 0.15s"
      css={STAT_CARD}
    >
      <RouterLink to={to} data-testid={testId}>
        {body}
        <Card.Footer pt="0">
          <div data-stat="destination">
            <span>{destination}</span>
            <LuChevronRight focusable="false" aria-hidden />
          </div>
        </Card.Footer>
      </RouterLink>
    </Card.Root>
  );
}
