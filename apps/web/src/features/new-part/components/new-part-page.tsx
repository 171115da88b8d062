import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** /new/part: a placeholder until car parts are built (section 2). */
export function NewPartPage() {
  useDocumentTitle('Ny bildelsannons');
  return (
    <section className="page">
      <h1>Ny bildelsannons</h1>
    </section>
  );
}
