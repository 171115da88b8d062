import { useEffect, useRef, useState } from 'react';
import { openLoginDialog, useLoginDialogOpen } from './login-dialog.ts';
import { useSessionToken } from './session-store.ts';
import { tokenUsername } from './token-claims.ts';

/**
 * A dialog about someone else's thing (an ad to message or report): `ask()` opens it when logged in, else the
 * login dialog and the dialog after that login, unless the user who logged in is `owner`. `own`: the logged-in
 * user is the owner (the button is not offered).
 */
export function useDialogAfterLogin(owner: string) {
  const token = useSessionToken();
  const me = token ? tokenUsername(token) : undefined;
  const [open, setOpen] = useState(false);
  const openAfterLogin = useRef(false);
  const loginOpen = useLoginDialogOpen();

  useEffect(() => {
    if (!openAfterLogin.current) return;
    if (token === null) {
      if (!loginOpen) openAfterLogin.current = false;
      return;
    }
    openAfterLogin.current = false;
    if (tokenUsername(token) !== owner) setOpen(true);
  }, [token, loginOpen, owner]);

  return {
    own: me !== undefined && me === owner,
    open,
    setOpen,
    ask() {
      if (token) return setOpen(true);
      openAfterLogin.current = true;
      openLoginDialog();
    },
  };
}
