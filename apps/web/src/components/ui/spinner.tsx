/** A spinning ring; with `label` it is also a status message for screen readers. */
export function Spinner({ className = 'size-8', label }: { className?: string; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center">
      <svg
        className={`animate-spin motion-reduce:animate-none ${className}`}
        viewBox="0 0 24 24"
        fill="none"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" />
      </svg>
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}
