interface SpinnerProps {
  /** Read by screen readers; defaults to 'Laddar...'. */
  label?: string;
  /** 'small' fits inside a button. */
  size?: 'small' | 'normal';
}

export function Spinner({ label = 'Laddar...', size = 'normal' }: SpinnerProps) {
  return (
    <span className={`spinner spinner--${size}`} role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
