import { useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '@/components/Spinner';
import { paths } from '@/config/paths';
import { formatCents } from '@/lib/money';
import { Link, useSearchParams } from '@/lib/router';
import { getTimeline, supportApiPaths } from '../api/supportApi';
import { useSupportQuery } from '../hooks/useSupportQuery';
import type { SupportOrder, SupportTimeline, TimelineEntry } from '../types';
import { formatTime, fromLocalInput, toLocalInput } from './format';
import { supportPaths } from './paths';
import { StatePanel } from './StatePanel';
import { SupportGate } from './SupportGate';
import { TableWrap } from './TableWrap';
import styles from './Support.module.css';

interface Props {
  /** The cart id or support reference from the URL (`/support/carts/:ref`). */
  cartRef: string;
}

/**
 * A cart's whole history for support staff and admins (docs/spec.md section 2.14): every event
 * with the cart as the shopper saw it after it, the diff, a plain description; a version slider,
 * Previous/Next, "As of" a time; exports and a private staff link. The selected version lives in
 * the URL (`?version=N`).
 */
export function SupportTimelinePage({ cartRef }: Props) {
  return (
    <div className={`container section ${styles.page}`}>
      <SupportGate need="support">{() => <TimelineLoader cartRef={cartRef} />}</SupportGate>
    </div>
  );
}

/** `?version=N` as a positive whole number, else undefined. */
function versionParam(params: URLSearchParams): number | undefined {
  const value = Number(params.get('version'));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

function TimelineLoader({ cartRef }: Props) {
  const [params] = useSearchParams();
  // The version the page was opened at goes to the server once (the audit records it); moving
  // between versions afterwards reads the entries already here.
  const [opened] = useState(() => versionParam(params));
  const answer = useSupportQuery(`timeline:${cartRef}`, (signal) => getTimeline(cartRef, opened, signal));

  if (answer === null) {
    return (
      <>
        <h1 className={styles.title}>Cart {cartRef}</h1>
        <Spinner label="Loading the cart's history" size={24} />
      </>
    );
  }
  if (answer.kind === 'error') {
    const { error } = answer;
    return (
      <>
        <h1 className={styles.title}>Cart {cartRef}</h1>
        <div role="alert" className={styles.gate}>
          <p className={styles.error}>{error.message}</p>
          {error.candidates && error.candidates.length > 0 && (
            <ul>
              {error.candidates.map((id) => (
                <li key={id}>
                  <Link to={supportPaths.cart(id)} className={styles.mono}>
                    {id}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Link to={supportPaths.search}>Back to the search</Link>
        </div>
      </>
    );
  }
  if (answer.data.entries.length === 0) {
    return (
      <>
        <h1 className={styles.title}>Cart {answer.data.reference}</h1>
        <p role="status">This cart has no events.</p>
      </>
    );
  }
  return <Timeline timeline={answer.data} />;
}

function Timeline({ timeline }: { timeline: SupportTimeline }) {
  const [params, setParams] = useSearchParams();
  const { entries } = timeline;
  const first = entries[0].version;
  const latest = entries[entries.length - 1].version;
  const wanted = versionParam(params) ?? timeline.selected_version;
  const entry = entries.find((e) => e.version === wanted) ?? entries.find((e) => e.version === timeline.selected_version) ?? entries[entries.length - 1];
  const selected = entry.version;

  const select = (version: number) => {
    const clamped = Math.min(latest, Math.max(first, version));
    const next = new URLSearchParams(params);
    next.set('version', String(clamped));
    setParams(next, { replace: true });
  };

  return (
    <>
      <TimelineHeader timeline={timeline} />
      <VersionControls timeline={timeline} entry={entry} first={first} latest={latest} onSelect={select} />
      <div className={styles.layout}>
        <EventList entries={entries} selected={selected} onSelect={select} />
        <div className={styles.panel}>
          <StatePanel entry={entry} today={timeline.today} />
          <DiffTable entry={entry} previous={entries.find((e) => e.version === entry.version - 1)} />
        </div>
      </div>
    </>
  );
}

function TimelineHeader({ timeline }: { timeline: SupportTimeline }) {
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>
        Cart <span className={styles.mono}>{timeline.reference}</span>
      </h1>
      <p>
        <Link to={supportPaths.search}>← Support console</Link>
      </p>
      <dl className={styles.facts}>
        <dt>Support reference</dt>
        <dd className={styles.mono}>{timeline.reference}</dd>
        <dt>Cart id</dt>
        <dd className={styles.mono}>{timeline.cart_id}</dd>
        <dt>First activity</dt>
        <dd>{formatTime(timeline.first_activity)}</dd>
        <dt>Last activity</dt>
        <dd>{formatTime(timeline.last_activity)}</dd>
        <dt>Orders</dt>
        <dd>
          {timeline.orders.length === 0 ? (
            <span className={styles.muted}>none</span>
          ) : (
            <ul className={styles.orders} aria-label="Orders">
              {timeline.orders.map((order) => (
                <OrderSummary key={order.number} order={order} />
              ))}
            </ul>
          )}
        </dd>
      </dl>
    </header>
  );
}

function OrderSummary({ order }: { order: SupportOrder }) {
  const customer = order.customer;
  return (
    <li data-testid="support-order">
      <Link to={paths.order(order.number)}>#{order.number}</Link> · {order.status} · {formatCents(order.total, order.currency)} · version{' '}
      {order.cart_version} ·{' '}
      {order.erased || !customer ? (
        <em>Personal data erased</em>
      ) : (
        <>
          {`${customer.first_name} ${customer.last_name}`.trim()} &lt;{customer.email}&gt;
        </>
      )}
    </li>
  );
}

interface ControlsProps {
  timeline: SupportTimeline;
  entry: TimelineEntry;
  first: number;
  latest: number;
  onSelect: (version: number) => void;
}

function VersionControls({ timeline, entry, first, latest, onSelect }: ControlsProps) {
  const sliderId = useId();
  const asOfId = useId();
  const [copied, setCopied] = useState('');
  const selected = entry.version;
  // The time typed, while the version it picked is shown; otherwise the selected event's time.
  const [asOf, setAsOf] = useState<{ value: string; version: number; note: string } | null>(null);
  const typed = asOf !== null && asOf.version === selected ? asOf : null;

  const pickTime = (value: string) => {
    const time = fromLocalInput(value);
    if (Number.isNaN(time)) return;
    // The last event at or before that minute's end: the cart as it was then.
    const until = time + 59_999;
    const then = timeline.entries.filter((e) => Date.parse(e.at) <= until);
    if (then.length === 0) {
      setAsOf({ value, version: selected, note: 'The cart did not exist yet at that time.' });
      return;
    }
    const version = then[then.length - 1].version;
    setAsOf({ value, version, note: '' });
    onSelect(version);
  };

  const copyLink = async () => {
    const link = `${window.location.origin}${supportPaths.cart(timeline.cart_id, selected)}`;
    try {
      await navigator.clipboard.writeText(link);
      setCopied('Link copied');
    } catch {
      setCopied(`Copy this link: ${link}`);
    }
  };

  return (
    <section className={styles.controls} aria-label="Version">
      <div className={styles.slider}>
        <label htmlFor={sliderId} className={styles.label}>
          Version {selected} of {latest}
        </label>
        <input
          id={sliderId}
          type="range"
          aria-label="Version"
          min={first}
          max={latest}
          step={1}
          value={selected}
          onChange={(e) => onSelect(Number(e.target.value))}
        />
      </div>
      <div className={styles.actions}>
        <button type="button" className="button button--ghost" onClick={() => onSelect(selected - 1)} disabled={selected <= first}>
          Previous
        </button>
        <button type="button" className="button button--ghost" onClick={() => onSelect(selected + 1)} disabled={selected >= latest}>
          Next
        </button>
      </div>
      <div className={styles.asOf}>
        <label htmlFor={asOfId} className={styles.label}>
          As of (UTC)
        </label>
        <input id={asOfId} type="datetime-local" value={typed?.value ?? toLocalInput(entry.at)} onChange={(e) => pickTime(e.target.value)} />
        {typed?.note && <span role="status">{typed.note}</span>}
      </div>
      <div className={styles.actions}>
        <a className="button button--ghost" href={supportApiPaths.export(timeline.cart_id, 'json')} download>
          Export JSON
        </a>
        <a className="button button--ghost" href={supportApiPaths.export(timeline.cart_id, 'csv')} download>
          Export CSV
        </a>
        <button type="button" className="button button--ghost" onClick={() => void copyLink()}>
          Copy staff link
        </button>
        <span role="status">{copied}</span>
      </div>
    </section>
  );
}

function EventList({ entries, selected, onSelect }: { entries: TimelineEntry[]; selected: number; onSelect: (version: number) => void }) {
  const current = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    current.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  return (
    <section aria-labelledby="support-events">
      <h2 id="support-events">Events</h2>
      <ol className={styles.events}>
        {entries.map((entry) => {
          const isSelected = entry.version === selected;
          return (
            <li key={entry.version} data-testid="support-event">
              <button
                type="button"
                ref={isSelected ? current : undefined}
                className={`${styles.event} ${entry.refusal ? styles.refused : ''}`}
                aria-current={isSelected ? 'true' : undefined}
                onClick={() => onSelect(entry.version)}
              >
                <span className={styles.eventVersion}>v{entry.version}</span>
                <span className={styles.eventMeta}>
                  <span>{formatTime(entry.at)}</span>
                  <span className={styles.badge} data-actor={entry.actor}>
                    {entry.actor}
                  </span>
                  <span>{entry.event_type}</span>
                </span>
                <span className={styles.eventText}>{entry.description}</span>
                {entry.refusal && (
                  <span className={styles.refusal}>
                    {/* The server's description quotes the shopper's message ("Refused: …"); say it here when it does not. */}
                    Refused ({entry.refusal.status} {entry.refusal.code})
                    {entry.description.includes(entry.refusal.message) ? '' : `: ${entry.refusal.message}`}
                  </span>
                )}
              </button>
              {entry.event_type === 'OrderPlaced' && entry.order_id && (
                <Link to={paths.order(entry.order_id)} className={styles.more}>
                  Open order #{entry.order_id}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** Diff paths whose values are money: minor units of the state's currency (services/support/domain.py). */
const MONEY_PATH = /^(lines\.[^.]+\.(unit_price|extras|line_total)|coupons\..+|totals\.(subtotal|discount|tax_included|total))$/;

function DiffTable({ entry, previous }: { entry: TimelineEntry; previous?: TimelineEntry }) {
  const show = (path: string, value: unknown, currency: TimelineEntry['state']['currency'] | undefined) =>
    typeof value === 'number' && currency && MONEY_PATH.test(path) ? formatCents(value, currency) : formatDiffValue(value);
  return (
    <section aria-labelledby="support-diff">
      <h2 id="support-diff">Changes in version {entry.version}</h2>
      {entry.diff.length === 0 ? (
        <p className={styles.muted}>The cart's state did not change.</p>
      ) : (
        <TableWrap label="Changes">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Path</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {entry.diff.map((change) => (
                <tr key={change.path} data-testid="support-diff">
                  <th scope="row" className={styles.mono}>
                    {change.path}
                  </th>
                  <td className={`${styles.mono} ${styles.wrap}`}>{show(change.path, change.before, previous?.state.currency)}</td>
                  <td className={`${styles.mono} ${styles.wrap}`}>→ {show(change.path, change.after, entry.state.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </section>
  );
}

function formatDiffValue(value: unknown): string {
  if (value === undefined || value === null) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
