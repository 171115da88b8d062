import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import '../styles.css';

/** The router's error screen (errorElement): never a blank page. */
export function ErrorScreen() {
  const error = useRouteError();
  useDocumentTitle('Fel');
  useEffect(() => {
    console.error(error);
  }, [error]);
  const status = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;

  return (
    <div className="page page--center error-screen" role="alert">
      <h1>Unexpected Application Error!</h1>
      {status && <p className="muted">{status}</p>}
      <p>Något gick fel när sidan skulle visas. Ladda om sidan eller gå tillbaka till startsidan.</p>
      <p className="modal__actions" style={{ justifyContent: 'center' }}>
        <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
          Ladda om
        </button>
        <Link to="/" className="button">
          Till startsidan
        </Link>
      </p>
    </div>
  );
}
