import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/Providers';
import { AppRouter } from './app/AppRouter';
import { takeHandoffFromAddress } from '@/features/auth/signInHandoff';

// Before anything renders or is requested: a sign-in hand-off's token leaves the address bar.
takeHandoffFromAddress();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
