import { Box, Button, type ButtonProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type Props = Omit<ButtonProps, 'children' | 'aria-label'> & {
  /** The icon, always shown. */
  icon: ReactNode;
  /** The short word beside the icon, e.g. "Edit"; phones show the icon only. */
  children: string;
  /** The full name of what the button does, e.g. "Edit Support": a screen reader's words at every width. */
  'aria-label': string;
};

/**
 * One of a row's action buttons in a list's actions column. On a phone the word beside the icon
 * goes, so the row's actions stay narrow enough to keep in view beside the row's name.
 */
export function RowActionButton({ icon, children, size = 'xs', ...props }: Props) {
  return (
    <Button size={size} {...props}>
      {icon}
      <Box as="span" hideBelow="md">
        {children}
      </Box>
    </Button>
  );
}
