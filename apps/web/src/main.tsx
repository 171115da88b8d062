import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { applyStyleNonce } from './lib/style-nonce.ts';

applyStyleNonce();

// The first render as a transition: React renders it in slices of a few milliseconds instead of one long
// task, so the page stays responsive while the first screen is built (the result is the same).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders />
    </StrictMode>,
  );
});
