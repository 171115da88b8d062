import { useEffect } from 'react';

// The titles of the shown parts, the latest last: a part that goes (a closed settings tab, a left page) gives the
// title back to what is still shown, whatever order React runs the cleanups in.
const shown: { title: string }[] = [];
let base: string | null = null;

function apply(): void {
  const top = shown.at(-1);
  document.title = top ? `${top.title} – Bilmarknaden` : (base ?? document.title);
}

/** Sets the tab title to '<title> – Bilmarknaden' while the page (or part of it) is shown. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    if (shown.length === 0) base = document.title;
    const entry = { title };
    shown.push(entry);
    apply();
    return () => {
      shown.splice(shown.indexOf(entry), 1);
      apply();
    };
  }, [title]);
}
