import { useEffect } from 'react';

/** Sets the tab title to '<title> – Bilmarknaden' while the page is shown. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} – Bilmarknaden`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
