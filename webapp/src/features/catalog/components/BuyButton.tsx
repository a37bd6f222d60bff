import { useEffect, useRef, useState } from 'react';
import { CheckIcon } from '@/components/icons';
import { Spinner } from '@/components/Spinner';
import { ADD_TICK_MS } from '@/config/site';
import type { Product, Variation } from '@/types/api';
import { buyButtonState } from './buyButtonState';

interface Props {
  product: Product;
  variation?: Variation | null;
  stockLoading?: boolean;
  ignoreConfigurable?: boolean;
  /** Returns false when the add could not happen (e.g. no variation chosen). */
  onAdd: () => boolean | void;
  onCustomize?: () => void;
}

/** The product buy button; after an add it shows a tick for 1500 ms. */
export function BuyButton({ product, variation, stockLoading, ignoreConfigurable, onAdd, onCustomize }: Props) {
  const state = buyButtonState(product, { stockLoading, variation, ignoreConfigurable });
  const [ticked, setTicked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = () => {
    if (state.kind === 'customize') {
      onCustomize?.();
      return;
    }
    if (onAdd() === false) return;
    setTicked(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setTicked(false), ADD_TICK_MS);
  };

  if (state.kind === 'loading') {
    return (
      <button type="button" className="button button--block" disabled aria-busy="true">
        <Spinner label="Checking stock" />
      </button>
    );
  }
  return (
    <button
      type="button"
      className={`button button--block${ticked ? ' button--success' : ''}`}
      disabled={state.disabled}
      onClick={onClick}
      data-kind={state.kind}
      aria-live="polite"
    >
      {ticked ? (
        <>
          <CheckIcon aria-hidden />
          <span>Added to cart</span>
        </>
      ) : (
        state.label
      )}
    </button>
  );
}
