import './verified-badge.css';

/** 'Verifierad med BankID' (issue 42): on the profile, the seller's page and the seller box of an ad. */
export function VerifiedBadge() {
  return (
    <span className="verified-badge">
      <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="16" height="16">
        <path d="M8 0l2 1.6 2.5-.2.6 2.5 2.2 1.3-1 2.3 1 2.3-2.2 1.3-.6 2.5-2.5-.2L8 16l-2-1.6-2.5.2-.6-2.5L.7 10.8l1-2.3-1-2.3 2.2-1.3.6-2.5 2.5.2z" />
        <path d="M4.8 8.2l2.1 2.1 4.3-4.3" fill="none" stroke="#fff" strokeWidth="1.6" />
      </svg>
      Verifierad med BankID
    </span>
  );
}
