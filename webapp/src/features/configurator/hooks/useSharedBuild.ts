import { useEffect } from 'react';
import { useSearchParams } from '@/lib/router';
import { getShareData } from '../api/shareApi';
import { openConfigurator } from '../store/configuratorStore';

/** docs/spec.md section 9: a shared link opens the configurator 2000 ms after the page loads. */
export const SHARED_LINK_OPEN_DELAY_MS = 2000;

/** The shared build's hash from `?d=` (letters and digits only, at most 64), or null. */
export function sharedHash(value: string | null): string | null {
  const hash = value?.trim() ?? '';
  return /^[A-Za-z0-9]{1,64}$/.test(hash) ? hash : null;
}

/**
 * Restores a shared build on the builder page and the product page (docs/spec.md sections 2
 * and 2.13): reads `?d=HASH`, asks POST /api/get-share-data, then after
 * `SHARED_LINK_OPEN_DELAY_MS` opens the configurator of the shared product with the shared
 * choices' keys and, as notices, the messages of what changed since (removed, repriced,
 * unavailable choices). A failed read is logged only (docs/spec.md section 8) and nothing opens.
 * `productId` is the page's product; the shared build's own product id wins (the link's path
 * decides the page, the hash the build). Leaving the page or a new hash cancels a pending open.
 */
export function useSharedBuild(productId: number | null | undefined): void {
  const [params] = useSearchParams();
  const hash = sharedHash(params.get('d'));

  useEffect(() => {
    if (!hash || productId == null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    void getShareData(hash, controller.signal).then((data) => {
      if (!data || controller.signal.aborted) return;
      const { configuration, changes } = data;
      if (configuration.product_id !== productId) {
        console.warn(`Shared build ${hash} is for product ${configuration.product_id}, opened on product ${productId}`);
      }
      timer = setTimeout(() => {
        openConfigurator({
          productId: configuration.product_id,
          keys: configuration.choices.map((choice) => choice.key),
          notices: changes.map((change) => change.message).filter(Boolean),
        });
      }, SHARED_LINK_OPEN_DELAY_MS);
    });
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [hash, productId]);
}
