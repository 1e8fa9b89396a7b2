import { ChakraProvider } from '@chakra-ui/react';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { system } from '@/app/system';

/** Renders a component as the console would: Chakra's theme and a router at `path`. */
export function renderInConsole(ui: ReactElement, { path = '/', ...options }: RenderOptions & { path?: string } = {}) {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <ChakraProvider value={system}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </ChakraProvider>
  );
  return render(ui, { wrapper: Wrapper, ...options });
}
