import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { formatCents } from '@/lib/money';
import type { Currency } from '@/types/api';
import { ADD_BUTTON_LABELS, indexOf, layersWithoutStock, NO_ITEM_IN_STOCK, toggle, validate } from '../model/decide';
import type { ConfiguratorData } from '../types';
import { ChoiceGroup } from './ChoiceGroup';
import { Viewer } from './Viewer';
import styles from './Configurator.module.css';

// H4's share modal (link copy and social buttons, docs/spec.md section 2.13), loaded on first use.
const ShareModal = lazy(() => import('./ShareModal'));

/** The answer to an add: done, or refused with the message shown to the shopper. */
export type AddResult = { ok: true } | { ok: false; message: string };

export interface ConfiguratorProps {
  data: ConfiguratorData;
  /** The keys the build starts from (already restored or the defaults). */
  initialKeys: readonly string[];
  /** Messages shown above the layers (e.g. what changed since a shared build was made). */
  notices?: readonly string[];
  /** The shipping country's currency (features/country, docs/spec.md section 4 "Country selection"). */
  currency: Currency;
  /** Sends the cart's add command with the keys (and removes a replaced line); resolves with the cart's answer. */
  onAdd: (keys: string[]) => Promise<AddResult>;
  /** Called after the cart accepted the build. */
  onAdded: () => void;
  /** Heading level of the layer names: 3 in the modal (default), 2 inline on the builder page. */
  headingLevel?: 2 | 3;
}

/**
 * The configurator itself, inline or inside the modal (docs/spec.md section 2.13): welcome and
 * warning messages, the layered viewer with its angle switch, one choice group per layer, the
 * summary with a live price (polite live region), and the footer with Share and Add to cart
 * (label and disabled state of docs/spec.md section 4). Decisions come from model/decide.ts
 * (the mirror of the server's domain); the cart decides again when the build is added.
 */
export function Configurator({ data, initialKeys, notices = [], currency, onAdd, onAdded, headingLevel = 3 }: ConfiguratorProps) {
  const [keys, setKeys] = useState<string[]>(() => [...initialKeys]);
  const [angleId, setAngleId] = useState(data.angles[0]?.id ?? '');
  const [sharing, setSharing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [showProblems, setShowProblems] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const verdict = useMemo(() => validate(data, keys), [data, keys]);
  const { choice, layer } = useMemo(() => indexOf(data), [data]);
  const noStock = useMemo(() => layersWithoutStock(data, verdict.states), [data, verdict.states]);
  const nameOf = (key: string) => choice(key)?.name ?? key;
  const money = (eur: number, usd: number) => formatCents(currency === 'USD' ? usd : eur, currency);

  const label = ADD_BUTTON_LABELS[verdict.button];
  const blocked = verdict.button === 'unavailable' || verdict.button === 'coming_soon';

  const onPick = (key: string) => {
    setRefusal(null);
    setKeys((current) => toggle(data, current, key));
  };

  const add = async () => {
    if (!verdict.ok) {
      setShowProblems(true);
      alertRef.current?.focus();
      return;
    }
    setBusy(true);
    setRefusal(null);
    const result = await onAdd(verdict.chosen.map((c) => c.key));
    setBusy(false);
    if (result.ok) onAdded();
    else setRefusal(result.message);
  };

  const problems = showProblems ? [...new Set(verdict.problems.map((p) => p.message))] : [];

  return (
    <div className={styles.configurator}>
      {data.welcome?.text && (
        <div className={styles.welcome} style={data.welcome.background_image ? { backgroundImage: `url(${data.welcome.background_image})` } : undefined}>
          <p>{data.welcome.text}</p>
        </div>
      )}
      {data.warning && (
        <p className={styles.warning} role="note">
          {data.warning}
        </p>
      )}
      {notices.length > 0 && (
        <ul className={styles.notices}>
          {notices.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      <div className={styles.body}>
        <Viewer angles={data.angles} angleId={angleId} onAngle={setAngleId} layers={data.layers} chosen={verdict.chosen} />
        <div className={styles.layers}>
          {data.layers.map((l) => (
            <ChoiceGroup
              key={l.id}
              layer={l}
              choices={data.choices.filter((c) => c.layer_id === l.id && !verdict.states[c.key]?.hidden)}
              states={verdict.states}
              selected={keys}
              currency={currency}
              nameOf={nameOf}
              onPick={onPick}
              messages={noStock.has(l.id) ? [NO_ITEM_IN_STOCK] : []}
              headingLevel={headingLevel}
            />
          ))}
        </div>
      </div>
      <section className={styles.summary} aria-label="Summary">
        <ul className={styles.chosen}>
          {verdict.chosen.map((c) => {
            const extra = currency === 'USD' ? c.extra_usd : c.extra_eur;
            return (
              <li key={c.key}>
                <span className={styles.chosenLayer}>{layer(c.layer_id)?.name}:</span> {c.name}
                {extra > 0 && <span className={styles.extra}> +{formatCents(extra, currency)}</span>}
              </li>
            );
          })}
        </ul>
      </section>
      <div ref={alertRef} tabIndex={-1} role="alert" className={styles.alert}>
        {refusal && <p>{refusal}</p>}
        {problems.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
      <footer className={styles.footer}>
        <p className={styles.total} aria-live="polite" aria-atomic="true">
          Total: <strong>{money(verdict.eur, verdict.usd)}</strong>
        </p>
        <button type="button" className="button button--ghost" onClick={() => setSharing(true)}>
          Share
        </button>
        <button type="button" className="button" disabled={blocked || busy} aria-busy={busy || undefined} onClick={() => void add()}>
          {label}
        </button>
      </footer>
      {sharing && (
        <Suspense fallback={null}>
          <ShareModal productId={data.product_id} keys={verdict.chosen.map((c) => c.key)} onClose={() => setSharing(false)} />
        </Suspense>
      )}
    </div>
  );
}
