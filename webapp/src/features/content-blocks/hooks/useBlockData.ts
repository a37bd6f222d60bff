import { useEffect, useState } from 'react';

/**
 * Loads data for a block after it mounts (related products, news). `key`
 * identifies the request: a new key loads again; an unmount aborts.
 */
export function useBlockData<T>(key: string, load: (signal: AbortSignal) => Promise<T>, initial: T): { data: T; loading: boolean } {
  const [state, setState] = useState<{ key: string | null; data: T }>({ key: null, data: initial });
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ key, data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) {
          console.warn('content block data failed', error);
          setState({ key, data: initial });
        }
      },
    );
    return () => controller.abort();
    // `load` and `initial` are read for the key they were given with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return { data: state.key === key ? state.data : initial, loading: state.key !== key };
}
