import { useEffect, useRef, useState, type Ref } from 'react';
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
  /** Called when the tick ends, 1500 ms after an add (the recommended-products modal may open then). */
  onTickEnd?: () => void;
  /** Id of the element describing the button (in lists: the product name). */
  describedBy?: string;
  buttonRef?: Ref<HTMLButtonElement>;
}

/**
 * The product buy button (docs/spec.md section 4 "Button labels", see buyButtonState); after an add it
 * shows a tick for 1500 ms, then calls `onTickEnd`.
 */
export function BuyButton({ product, variation, stockLoading, ignoreConfigurable, onAdd, onCustomize, onTickEnd, describedBy, buttonRef }: Props) {
  const state = buyButtonState(product, { stockLoading, variation, ignoreConfigurable });
  const [ticked, setTicked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const tickEnd = useRef(onTickEnd);
  useEffect(() => {
    tickEnd.current = onTickEnd;
  }, [onTickEnd]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = () => {
    if (state.kind === 'customize') {
      onCustomize?.();
      return;
    }
    if (onAdd() === false) return;
    setTicked(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setTicked(false);
      tickEnd.current?.();
    }, ADD_TICK_MS);
  };

  if (state.kind === 'loading') {
    return (
      <button ref={buttonRef} type="button" className="button button--block" disabled aria-busy="true" aria-describedby={describedBy}>
        <Spinner label="Checking stock" />
      </button>
    );
  }
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-describedby={describedBy}
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
