import { useEffect, useState } from 'react';

// A one-off confirmation for the next page to show (e.g. 'Ditt konto är raderat.' on the home page after the
// account is gone): kept in memory, not in the history entry, so a reload or going back does not show it again.
let pending: string | null = null;

export function leaveNotice(text: string): void {
  pending = text;
}

/** The left notice, once. */
export function takeNotice(): string | null {
  const text = pending;
  pending = null;
  return text;
}

/** The notice in a polite live region, filled after the region is in the page so that screen readers announce it. */
export function PageNotice() {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    const left = takeNotice();
    if (left) setText(left);
  }, []);
  return (
    <div aria-live="polite" className="page-notice">
      {text && (
        <p className="notice" role="status">
          {text}
        </p>
      )}
    </div>
  );
}
