import { openLoginDialog } from '../../../lib/login-dialog.ts';

/** As on the other pages that need a login: say so and offer it. */
export function LoginNeeded({ what }: { what: string }) {
  return (
    <div className="login-prompt">
      <p>Logga in för att {what}.</p>
      <button type="button" className="button button--primary" onClick={() => openLoginDialog()}>
        Logga in
      </button>
    </div>
  );
}
