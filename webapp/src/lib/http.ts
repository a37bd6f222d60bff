/**
 * One JSON fetch helper for read calls. Spec section 8: failed API reads are
 * logged and give an empty result, so callers pass the fallback they want.
 */
export async function getJson<T>(url: string, fallback: T, init?: RequestInit): Promise<T> {
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' }, ...init });
    if (!response.ok) {
      console.warn(`GET ${url} -> ${response.status}`);
      return fallback;
    }
    return (await response.json()) as T;
  } catch (error) {
    if ((error as Error)?.name !== 'AbortError') console.warn(`GET ${url} failed`, error);
    return fallback;
  }
}

/** Array endpoints: anything that is not an array counts as empty. */
export async function getList<T>(url: string, init?: RequestInit): Promise<T[]> {
  const data = await getJson<unknown>(url, [], init);
  return Array.isArray(data) ? (data as T[]) : [];
}
