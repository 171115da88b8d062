import { useId, useState } from 'react';
import type { OwnDealer } from '@bilmarknaden/shared/schemas/dealer-account-schemas';
import { failureMessage } from '../../../lib/api-client.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useUploadLogo } from '../api/dealer-api.ts';

/** 'Logotyp': the current logo and a file picker that uploads the chosen PNG, JPEG or WebP at once. */
export function LogoSection({ dealer }: { dealer: OwnDealer }) {
  const id = useId();
  const upload = useUploadLogo();
  const [done, setDone] = useState(false);
  return (
    <section className="card dealer-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Logotyp</h2>
      {/* The logo's address is public, so it answers once the dealer is approved. */}
      {dealer.logo && dealer.status === 'approved' && (
        <img className="dealer-logo" src={dealer.logo} alt={`${dealer.name}s logotyp`} width={160} height={160} />
      )}
      {dealer.logo && dealer.status !== 'approved' && <p>Logotypen är sparad och visas när företaget är godkänt.</p>}
      {!dealer.logo && <p>Företaget har ingen logotyp än.</p>}
      <div className="field">
        <label htmlFor={`${id}-file`}>Välj en bild (PNG, JPEG eller WebP, högst 1 MB)</label>
        <input
          id={`${id}-file`}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          aria-describedby={upload.isError ? `${id}-error` : undefined}
          onChange={(e) => {
            const file = e.target.files?.[0];
            setDone(false);
            if (file) upload.mutate(file, { onSuccess: () => setDone(true) });
            e.target.value = '';
          }}
        />
      </div>
      <div aria-live="polite">
        {upload.isPending && <Spinner size="small" label="Laddar upp logotypen..." />}
        {done && <p role="status">Logotypen är sparad.</p>}
      </div>
      {upload.isError && (
        <p id={`${id}-error`} className="alert" role="alert">
          {failureMessage(upload.error)}
        </p>
      )}
    </section>
  );
}
