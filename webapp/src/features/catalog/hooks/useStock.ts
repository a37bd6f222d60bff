import { useEffect, useState } from 'react';
import { getStock, type StockInfo } from '../api/catalog';

/** Loads fresh stock for a product page; `loading` drives the buy button spinner. */
export function useStock(productId: number): { loading: boolean; stock: StockInfo | null } {
  const [state, setState] = useState<{ id: number; stock: StockInfo | null } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    // getStock never rejects (a failed read gives null).
    void getStock(productId, controller.signal).then((stock) => {
      if (!controller.signal.aborted) setState({ id: productId, stock });
    });
    return () => controller.abort();
  }, [productId]);
  const loaded = state?.id === productId;
  return { loading: !loaded, stock: loaded ? state.stock : null };
}
