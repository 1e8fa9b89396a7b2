import { IconButton } from '@chakra-ui/react';
import { LuMoon, LuSun } from 'react-icons/lu';
import { toggleColorMode, useColorMode } from '@/lib/colorMode';

/**
 * A two-state button: pressed means dark mode. Both icons are drawn and the page's colour mode
 * (the class public/color-mode.js sets before the first paint) shows one: a page the build drew
 * ahead, in light mode, shows the moon to a visitor in dark mode before any script runs.
 */
export function ColorModeToggle() {
  const dark = useColorMode() === 'dark';
  return (
    <IconButton
      aria-label="Dark mode"
      aria-pressed={dark}
      variant="ghost"
      size="sm"
      onClick={toggleColorMode}
      data-testid="color-mode-toggle"
      css={{ '.light & [data-mode="dark"], .dark & [data-mode="light"]': { display: 'none' } }}
    >
      <LuMoon data-mode="dark" />
      <LuSun data-mode="light" />
    </IconButton>
  );
}
