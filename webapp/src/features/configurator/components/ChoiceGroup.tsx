import { useId, useRef, type KeyboardEvent } from 'react';
import { Img } from '@/components/Img';
import { formatCents } from '@/lib/money';
import type { Currency } from '@/types/api';
import type { ChoiceState } from '../model/decide';
import type { ChoiceData, LayerData } from '../types';
import styles from './Configurator.module.css';

export interface ChoiceGroupProps {
  layer: LayerData;
  /** The layer's offered choices (hidden ones already left out), in menu order. */
  choices: ChoiceData[];
  states: Record<string, ChoiceState>;
  /** The selected keys ("layer_id:choice_id"). */
  selected: readonly string[];
  currency: Currency;
  /** Names of choices by key, for the "instead" suggestions. */
  nameOf: (key: string) => string;
  /** The shopper picks (or, in a multiple layer, unpicks) a choice. */
  onPick: (key: string) => void;
  /** Messages about this layer ('%s is required', 'No item in stock', ...). */
  messages: string[];
  /** The layer name's heading level: 3 under the modal's title (h2), 2 under the builder page's h1. */
  headingLevel?: 2 | 3;
}

const extraOf = (c: ChoiceData, currency: Currency) => Math.max(0, currency === 'USD' ? c.extra_usd : c.extra_eur);

/**
 * One layer of the configurator (docs/spec.md section 2.13): a single layer is a WAI-ARIA radio
 * group (one tab stop on the checked choice, or the first one; arrow keys move focus and select;
 * Space selects; Home/End), a multiple layer a group of checkboxes (each a tab stop, Space
 * toggles). Unavailable choices stay focusable with `aria-disabled`, and their reason and the
 * choices to pick instead are read through `aria-describedby`. Each choice shows its name, swatch
 * or thumbnail and its extra price in the shopper's currency (minor units formatted).
 */
export function ChoiceGroup({ layer, choices, states, selected, currency, nameOf, onPick, messages, headingLevel = 3 }: ChoiceGroupProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const id = useId();
  const refs = useRef<(HTMLDivElement | null)[]>([]);
  const checked = choices.map((c) => selected.includes(c.key));
  const tabStop = layer.multiple ? -1 : Math.max(0, checked.indexOf(true));
  const role = layer.multiple ? 'checkbox' : 'radio';

  const pick = (index: number) => {
    const c = choices[index];
    if (!states[c.key]?.disabled) onPick(c.key);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    if (event.key === ' ') {
      event.preventDefault();
      if (!layer.multiple && checked[index]) return;
      pick(index);
      return;
    }
    if (layer.multiple) return;
    const last = choices.length - 1;
    const next =
      event.key === 'ArrowDown' || event.key === 'ArrowRight'
        ? index === last ? 0 : index + 1
        : event.key === 'ArrowUp' || event.key === 'ArrowLeft'
          ? index === 0 ? last : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    refs.current[next]?.focus();
    pick(next);
  };

  return (
    <div className={styles.layer} data-layer={layer.id}>
      <Heading className={styles.layerName} id={`${id}-name`}>
        {layer.name}
        {layer.required && <span className={styles.requiredMark}> (required)</span>}
      </Heading>
      {layer.description && (
        <p className={styles.layerDescription} id={`${id}-desc`}>
          {layer.description}
        </p>
      )}
      <div
        role={layer.multiple ? 'group' : 'radiogroup'}
        aria-labelledby={`${id}-name`}
        aria-describedby={layer.description ? `${id}-desc` : undefined}
        aria-required={!layer.multiple && layer.required ? true : undefined}
        className={styles.choices}
      >
        {choices.map((c, index) => {
          const state = states[c.key];
          const extra = extraOf(c, currency);
          const reasonId = `${id}-${index}-reason`;
          const instead = state?.disabled ? state.instead.map(nameOf) : [];
          return (
            <div
              key={c.key}
              ref={(el) => {
                refs.current[index] = el;
              }}
              role={role}
              aria-checked={checked[index]}
              aria-labelledby={extra > 0 ? `${id}-${index}-name ${id}-${index}-extra` : `${id}-${index}-name`}
              aria-disabled={state?.disabled || undefined}
              aria-describedby={state?.reason ? reasonId : undefined}
              tabIndex={layer.multiple || index === tabStop ? 0 : -1}
              className={[styles.choice, checked[index] ? styles.checked : '', state?.disabled ? styles.disabled : ''].join(' ').trim()}
              data-key={c.key}
              onClick={() => (layer.multiple || !checked[index] ? pick(index) : undefined)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {c.thumbnail ? (
                <Img className={styles.thumb} src={c.thumbnail} alt="" width={40} height={40} />
              ) : c.colour ? (
                <span className={styles.swatch} style={{ background: c.colour }} aria-hidden="true" />
              ) : null}
              <span id={`${id}-${index}-name`} className={styles.choiceName}>
                {c.name}
              </span>
              {extra > 0 && (
                <span id={`${id}-${index}-extra`} className={styles.extra}>
                  +{formatCents(extra, currency)}
                </span>
              )}
              {state?.reason && (
                <span id={reasonId} className={styles.reason}>
                  {state.reason}
                  {instead.length > 0 && ` Instead, choose ${instead.join(', ')}.`}
                </span>
              )}
            </div>
          );
        })}
      </div>
      {messages.map((m) => (
        <p key={m} className={styles.layerMessage}>
          {m}
        </p>
      ))}
    </div>
  );
}
