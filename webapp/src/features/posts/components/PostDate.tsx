import { formatPostDate } from '@/lib/dates';

/** A post's date as '5 March, 2023' (docs/spec.md section 2 "Posts"), machine-readable in `dateTime`. */
export function PostDate({ date, className }: { date: string; className?: string }) {
  const text = formatPostDate(date);
  if (!text) return null;
  return (
    <time dateTime={date} className={className}>
      {text}
    </time>
  );
}
