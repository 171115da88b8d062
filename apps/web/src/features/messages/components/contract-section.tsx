import { useId, useState } from 'react';
import type { ChecklistKey, ContractView } from '@bilmarknaden/shared/schemas/contract-schemas';
import { failureMessage } from '../../../lib/api-client.ts';
import { formatCreated } from '../../../lib/format.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { downloadContractPdf, useContract, useSignContract, useTickChecklist } from '../api/contract-api.ts';
import { ContractForm } from './contract-form.tsx';

/**
 * The köpekontrakt of a conversation (issue 41): the seller creates and changes it, both read and sign; once signed
 * it can be printed and downloaded, and each party has an 'Ägarbyte' checklist.
 */
export function ContractSection({ conversationId, canWrite }: { conversationId: number; canWrite: boolean }) {
  const headingId = useId();
  const query = useContract(conversationId);
  const [editing, setEditing] = useState(false);
  const answer = query.data;
  if (!answer) {
    return query.isError ? (
      <section className="contract" aria-labelledby={headingId}>
        <h2 id={headingId}>Köpekontrakt</h2>
        <p className="alert" role="alert">
          {failureMessage(query.error, 'Köpekontraktet kunde inte hämtas.')}{' '}
          <button type="button" className="button button--ghost" onClick={() => void query.refetch()}>
            Försök igen
          </button>
        </p>
      </section>
    ) : null;
  }
  const { contract, draft } = answer;

  return (
    <section className="contract" aria-labelledby={headingId}>
      <h2 id={headingId}>Köpekontrakt</h2>
      {!contract && !draft && (
        <p className="muted">Säljaren kan skapa ett köpekontrakt här när ni är överens om affären.</p>
      )}
      {!contract && draft && canWrite && !editing && (
        <>
          <p className="muted">
            Är ni överens? Skapa ett köpekontrakt som ni båda signerar. Annonsen markeras som såld när båda har
            signerat.
          </p>
          <button type="button" className="button button--primary" onClick={() => setEditing(true)}>
            Skapa köpekontrakt
          </button>
        </>
      )}
      {!contract && draft && editing && (
        <ContractForm
          conversationId={conversationId}
          start={{ ...draft, terms: draft.terms }}
          changing={false}
          onDone={() => setEditing(false)}
        />
      )}
      {contract && editing && (
        <ContractForm conversationId={conversationId} start={contract} changing onDone={() => setEditing(false)} />
      )}
      {contract && !editing && (
        <ContractDocument
          conversationId={conversationId}
          contract={contract}
          onChange={canWrite && contract.iAmSeller && !contract.signed ? () => setEditing(true) : undefined}
        />
      )}
    </section>
  );
}

function signatureText(at: string | null, who: string): string {
  return at ? `${who} signerade ${formatCreated(at)}` : `${who} har inte signerat`;
}

function ContractDocument({
  conversationId,
  contract,
  onChange,
}: {
  conversationId: number;
  contract: ContractView;
  onChange: (() => void) | undefined;
}) {
  const sign = useSignContract(conversationId);
  const [pdfError, setPdfError] = useState('');
  const [pdfBusy, setPdfBusy] = useState(false);
  const mine = contract.iAmSeller ? contract.signatures.seller : contract.signatures.buyer;

  return (
    <div className="contract__document">
      <div aria-live="polite">
        {contract.notice && (
          <p className="notice" role="status">
            {contract.notice}
          </p>
        )}
        {contract.signed && (
          <p className="notice" role="status">
            Kontraktet är signerat av båda. Annonsen markeras som såld.
          </p>
        )}
      </div>
      <ul className="contract__signatures">
        <li>{signatureText(contract.signatures.seller, 'Säljaren')}</li>
        <li>{signatureText(contract.signatures.buyer, 'Köparen')}</li>
      </ul>
      <article className="contract__text" aria-label="Kontraktets text" tabIndex={0}>
        {contract.text}
      </article>
      {contract.sha256 && <p className="muted contract__hash">Kontrollsumma (SHA-256): {contract.sha256}</p>}
      {sign.isError && (
        <p className="alert" role="alert">
          {failureMessage(sign.error)}
        </p>
      )}
      <div className="contract__actions">
        {!contract.signed && mine === null && (
          <button
            type="button"
            className="button button--primary"
            disabled={sign.isPending}
            aria-busy={sign.isPending}
            onClick={() => sign.mutate(contract.version)}
          >
            {sign.isPending && <Spinner size="small" label="Signerar..." />}
            Signera
          </button>
        )}
        {onChange && (
          <button type="button" className="button button--secondary" onClick={onChange}>
            Ändra kontraktet
          </button>
        )}
        {contract.signed && (
          <>
            <button type="button" className="button button--secondary" onClick={() => window.print()}>
              Skriv ut
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={pdfBusy}
              onClick={() => {
                setPdfError('');
                setPdfBusy(true);
                const name = `kopekontrakt-${contract.car.registrationNumber ?? contract.carId}.pdf`;
                downloadContractPdf(conversationId, name)
                  .catch((err: unknown) => setPdfError(failureMessage(err)))
                  .finally(() => setPdfBusy(false));
              }}
            >
              Ladda ner PDF
            </button>
          </>
        )}
      </div>
      {pdfError && (
        <p className="alert" role="alert">
          {pdfError}
        </p>
      )}
      {contract.checklist && <Checklist conversationId={conversationId} contract={contract} />}
    </div>
  );
}

function Checklist({ conversationId, contract }: { conversationId: number; contract: ContractView }) {
  const headingId = useId();
  const tick = useTickChecklist(conversationId);
  const checklist = contract.checklist!;
  const me = contract.iAmSeller ? 'seller' : 'buyer';
  return (
    <section className="contract__checklist" aria-labelledby={headingId}>
      <h3 id={headingId}>Ägarbyte</h3>
      {checklist.reminder && (
        <p className="alert" role="status">
          {checklist.reminder}
        </p>
      )}
      <p className="muted">
        Säljaren anmäler ägarbytet till Transportstyrelsen senast {checklist.deadline}. Köparen ser till att bilen är
        försäkrad från tillträdesdagen.
      </p>
      <ul>
        {checklist.items
          .filter((item) => item.party === me)
          .map((item) => (
            <li key={item.key}>
              <label className="contract-form__choice">
                <input
                  type="checkbox"
                  // The tick shows at once; the server's answer confirms it (or a refusal puts it back).
                  checked={tick.isPending && tick.variables.item === item.key ? tick.variables.done : item.done}
                  disabled={tick.isPending}
                  onChange={(e) => tick.mutate({ item: item.key as ChecklistKey, done: e.target.checked })}
                />{' '}
                {item.label}
              </label>
            </li>
          ))}
      </ul>
      {tick.isError && (
        <p className="alert" role="alert">
          {failureMessage(tick.error)}
        </p>
      )}
    </section>
  );
}
