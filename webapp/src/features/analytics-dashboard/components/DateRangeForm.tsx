import { useId, useState, type FormEvent } from 'react';
import type { DayRange } from '../api/dashboardApi';
import { lastDays, PRESET_DAYS, presetOf, rangeProblem } from './range';
import styles from './Dashboard.module.css';

interface Props {
  range: DayRange;
  today: string;
  onChange: (range: DayRange) => void;
}

/**
 * The dashboard's range (docs/spec.md section 2.15): two date inputs (UTC days, both included) with
 * a Show button, and presets for the last 7, 30 and 90 days that apply at once. A range the server
 * would refuse (first day after the last, over 366 days) is explained here and not sent.
 */
export function DateRangeForm({ range, today, onChange }: Props) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [shown, setShown] = useState(range);
  const [problem, setProblem] = useState<string | null>(null);
  if (shown.from !== range.from || shown.to !== range.to) {
    // A preset, back or forward changed the range: the inputs follow it.
    setShown(range);
    setFrom(range.from);
    setTo(range.to);
    setProblem(null);
  }
  const fromId = useId();
  const toId = useId();
  const problemId = useId();
  const active = presetOf(range, today);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { from, to };
    const why = rangeProblem(next);
    setProblem(why);
    if (!why) onChange(next);
  };

  return (
    <form className={styles.toolbar} onSubmit={submit} aria-label="Date range" noValidate>
      <div className={styles.field}>
        <label htmlFor={fromId}>From</label>
        <input id={fromId} type="date" name="from" value={from} max={today} onChange={(e) => setFrom(e.target.value)} aria-describedby={problem ? problemId : undefined} required />
      </div>
      <div className={styles.field}>
        <label htmlFor={toId}>To</label>
        <input id={toId} type="date" name="to" value={to} onChange={(e) => setTo(e.target.value)} aria-describedby={problem ? problemId : undefined} required />
      </div>
      <button type="submit" className="button">
        Show
      </button>
      <div className={styles.presets} role="group" aria-label="Presets">
        {PRESET_DAYS.map((days) => (
          <button key={days} type="button" className={`button button--ghost ${styles.preset}`} aria-pressed={active === days} onClick={() => onChange(lastDays(days, today))}>
            Last {days} days
          </button>
        ))}
      </div>
      {problem && (
        <p id={problemId} className={styles.error} role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
