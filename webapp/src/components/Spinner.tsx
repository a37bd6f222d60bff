export function Spinner({ label = 'Loading', size = 18 }: { label?: string; size?: number }) {
  return (
    <span className="spinner" role="status" aria-label={label} style={{ width: size, height: size }}>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
