import { useState } from 'react';
import { Spinner } from '@/components/Spinner';
import { Link } from '@/lib/router';
import { getAudit } from '../api/supportApi';
import { useSupportQuery } from '../hooks/useSupportQuery';
import { formatTime } from './format';
import { supportPaths } from './paths';
import { SupportGate } from './SupportGate';
import { TableWrap } from './TableWrap';
import styles from './Support.module.css';

/**
 * The support audit log for admins (docs/spec.md section 2.14): every look at a cart, newest first,
 * a page of 100 at a time ("Older" pages on with `next_before_id`).
 */
export function SupportAuditPage() {
  return (
    <div className={`container section ${styles.page}`}>
      <h1 className={styles.title}>Support audit log</h1>
      <SupportGate need="admin">{() => <AuditLog />}</SupportGate>
    </div>
  );
}

function AuditLog() {
  // The pages asked for so far: `null` is the newest page, then each page's next_before_id.
  const [cursors, setCursors] = useState<(number | null)[]>([null]);
  return (
    <>
      {cursors.map((beforeId, index) => (
        <AuditPage
          key={beforeId ?? 'newest'}
          beforeId={beforeId}
          onOlder={index === cursors.length - 1 ? (next) => setCursors((all) => [...all, next]) : undefined}
        />
      ))}
    </>
  );
}

function AuditPage({ beforeId, onOlder }: { beforeId: number | null; onOlder?: (next: number) => void }) {
  const answer = useSupportQuery(`audit:${beforeId ?? ''}`, (signal) => getAudit(beforeId, signal));
  if (answer === null) return <Spinner label="Loading the audit log" size={24} />;
  if (answer.kind === 'error') {
    return (
      <p className={styles.error} role="alert">
        {answer.error.message}
      </p>
    );
  }
  const { entries, next_before_id: next } = answer.data;
  if (entries.length === 0 && beforeId === null) return <p role="status">Nobody has looked at a cart yet.</p>;
  return (
    <>
      <TableWrap label={beforeId === null ? 'Latest looks' : `Looks before #${beforeId}`}>
        <table className={styles.table}>
          <caption className="visually-hidden">{beforeId === null ? 'Latest looks' : `Looks before #${beforeId}`}</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Staff</th>
              <th scope="col">Channel</th>
              <th scope="col">View</th>
              <th scope="col">Cart</th>
              <th scope="col">Version</th>
              <th scope="col">Query</th>
              <th scope="col">Results</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} data-testid="audit-entry">
                <td>{formatTime(entry.at)}</td>
                <td>
                  {entry.staff_email ?? <span className={styles.muted}>unknown</span>}
                  {entry.staff_role ? <span className={styles.muted}> ({entry.staff_role})</span> : null}
                </td>
                <td>{entry.channel}</td>
                {/* The view as recorded (search, timeline, export_json, export_csv): what admins grep for. */}
                <td className={styles.mono}>{entry.view}</td>
                <td>
                  {entry.cart_id ? (
                    <Link to={supportPaths.cart(entry.cart_id, entry.version ?? undefined)} className={styles.mono}>
                      {entry.reference ?? entry.cart_id}
                    </Link>
                  ) : (
                    '—'
                  )}
                </td>
                <td>{entry.version ?? '—'}</td>
                <td className={styles.wrap}>{entry.query ?? '—'}</td>
                <td>{entry.result_count ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      {onOlder && next !== null && (
        <button type="button" className={`button button--ghost ${styles.more}`} onClick={() => onOlder(next)}>
          Older
        </button>
      )}
    </>
  );
}
