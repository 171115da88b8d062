import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function NotFoundPage() {
  useDocumentTitle('Sidan finns inte');
  return (
    <section className="page page--center">
      <h1>Inget att se här...</h1>
      <p className="muted">Sidan du letar efter finns inte, eller så har annonsen tagits bort.</p>
      <Link to="/" className="button">
        Ta mig hem
      </Link>
    </section>
  );
}
