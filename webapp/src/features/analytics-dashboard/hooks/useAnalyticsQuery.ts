/**
 * One analytics API read per `key` (docs/spec.md section 2.15): starts when the key changes, aborts
 * the previous read, and shows nothing of an older key's answer. `null` while loading; a null key
 * reads nothing.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import type { ApiResult } from '../api/dashboardApi';

export function useAnalyticsQuery<T>(key: string | null, load: (signal: AbortSignal) => Promise<ApiResult<T>>): ApiResult<T> | null {
  const [answered, setAnswered] = useState<{ key: string; result: ApiResult<T> } | null>(null);
  // `load` is read when the key changes only: callers build it from the same values as the key.
  const start = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    start(controller.signal)
      .then((result) => {
        if (!controller.signal.aborted) setAnswered({ key, result });
      })
      .catch(() => {}); // aborted
    return () => controller.abort();
  }, [key]);

  return answered !== null && answered.key === key ? answered.result : null;
}
