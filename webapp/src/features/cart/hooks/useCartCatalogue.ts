import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { getCartCatalogue } from '../api/cartCatalogue';
import { useCartStore } from '../store/cartStore';

/** Lines restored from storage carry ids only: load their products and variations once. */
export function useCartCatalogue(): boolean {
  const missing = useCartStore(
    useShallow((state) =>
      state.items
        .filter((line) => !line.product || (line.variationId !== null && !line.variation))
        .map((line) => `${line.id}:${line.variationId ?? 0}`),
    ),
  );
  const attach = useCartStore((state) => state.attachCatalogue);
  const key = missing.join(',');

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const refs = key.split(',').map((entry) => entry.split(':').map(Number) as [number, number]);
    getCartCatalogue(
      refs.map(([id]) => id),
      refs.filter(([, variationId]) => variationId > 0).map(([id, variationId]) => ({ id, variationId })),
      controller.signal,
    ).then(({ products, variations }) => {
      if (!controller.signal.aborted) attach(products, variations);
    });
    return () => controller.abort();
  }, [key, attach]);

  return missing.length > 0;
}
