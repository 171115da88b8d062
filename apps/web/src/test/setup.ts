import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { closeLoginDialog } from '../lib/login-dialog.ts';
import { takeNotice } from '../lib/page-notice.tsx';
import { hideToast } from '../lib/toast.tsx';

// Test files share a worker's modules (isolate: false), so every test leaves the app's module-level stores
// (session and comparison in localStorage, login dialog, toast, a notice left for the next page) as a fresh page has
// them.
afterEach(() => {
  cleanup();
  localStorage.clear();
  closeLoginDialog();
  hideToast();
  takeNotice();
});
