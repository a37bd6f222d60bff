const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** docs/spec.md section 2 "Posts": '5 March, 2023'. */
export function formatPostDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return '';
  const [, year, month, day] = match;
  return `${Number(day)} ${MONTHS[Number(month) - 1]}, ${year}`;
}
