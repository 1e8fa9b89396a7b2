import { IconButton } from '@chakra-ui/react';
import { LuMoon, LuSun } from 'react-icons/lu';
import { toggleColorMode, useColorMode } from '@/lib/colorMode';

/** A two-state button: pressed means dark mode. */
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
    >
      {dark ? <LuMoon /> : <LuSun />}
    </IconButton>
  );
}
