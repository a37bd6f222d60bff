import { useEffect, useState } from 'react';
import { getConfigurator } from '../api/configuratorApi';
import type { ConfiguratorData } from '../types';

/** docs/spec.md section 9 "Timings": the configurator is waited for every 20 ms, by up to 500 tries (about 10 s). */
export const WAIT_INTERVAL_MS = 20;
export const WAIT_TRIES = 500;

export type ConfiguratorLoad = { status: 'loading'; data: null } | { status: 'ready'; data: ConfiguratorData } | { status: 'failed'; data: null };

/**
 * Load a product's configurator (docs/spec.md section 2.13): 'loading' until it is ready. The
 * request starts at once; its answer is checked every 20 ms, by up to 500 tries; a configurator
 * that is not ready by then, or an answer that is not a configurator (404, network error), is
 * 'failed' ('Could not load configurator'). A null `productId` stays 'loading' and loads nothing.
 */
export function useConfiguratorLoad(productId: number | null): ConfiguratorLoad {
  const [load, setLoad] = useState<ConfiguratorLoad & { productId: number | null }>({ status: 'loading', data: null, productId });
  // A new product starts loading again (state derived during render, not in the effect).
  if (load.productId !== productId) setLoad({ status: 'loading', data: null, productId });

  useEffect(() => {
    if (productId === null) return undefined;
    const controller = new AbortController();
    let answer: ConfiguratorData | null | undefined;
    void getConfigurator(productId, controller.signal).then((data) => {
      answer = data;
    });
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      if (answer) setLoad({ status: 'ready', data: answer, productId });
      else if (answer === null || tries >= WAIT_TRIES) setLoad({ status: 'failed', data: null, productId });
      else return;
      clearInterval(timer);
      if (!answer) controller.abort();
    }, WAIT_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [productId]);

  return load.status === 'ready' ? { status: 'ready', data: load.data } : { status: load.status, data: null };
}
