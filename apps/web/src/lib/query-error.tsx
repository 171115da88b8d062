interface QueryErrorProps {
  /** Runs the failed call again, e.g. a query's `refetch`. Without it no button is shown. */
  onRetry?: () => void;
  /** Replaces the default Swedish message. */
  message?: string;
}

/** DESIGN.md: a failed call shows a short Swedish message with a way to retry, never a blank screen. */
export function QueryError({ onRetry, message = 'Något gick fel när data skulle hämtas.' }: QueryErrorProps) {
  return (
    <div className="query-error" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={() => onRetry()}>
          Försök igen
        </button>
      )}
    </div>
  );
}
