import { useState } from 'react';
import { Link } from 'react-router';
import { isWatchable, type WatchQuery } from '@bilmarknaden/shared/watches';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';
import { openLoginDialog } from '../../../lib/login-dialog.ts';
import { useSessionToken } from '../../../lib/session-store.ts';
import '../watches.css';

const WatchSearchDialog = lazyDialog(async () => (await import('./watch-search-dialog.tsx')).WatchSearchDialog);

interface WatchSearchButtonProps {
  /** The search on screen (its filters, ranges and term); the button shows only when something is chosen. */
  query: WatchQuery;
}

/**
 * 'Bevaka sökning': saves the search on screen as a bevakning, with a name made from it that the user can change
 * and how to be told. Logged out, it opens the login dialog.
 */
export function WatchSearchButton({ query }: WatchSearchButtonProps) {
  const token = useSessionToken();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  if (!isWatchable(query)) return null;

  const start = () => {
    if (!token) return openLoginDialog();
    setSaved(null);
    setOpen(true);
  };

  return (
    <div className="watch-search">
      <button type="button" className="button button--secondary" {...WatchSearchDialog.trigger} onClick={start}>
        Bevaka sökning
      </button>
      <p className="watch-search__status" role="status">
        {saved && (
          <>
            Bevakningen {saved} är sparad. <Link to="/bevakningar">Visa bevakningar</Link>
          </>
        )}
      </p>
      <WatchSearchDialog query={query} open={open} onOpenChange={setOpen} onSaved={setSaved} />
    </div>
  );
}
