import { takeInline } from './inlineApi';

/**
 * One JSON fetch helper for read calls. docs/spec.md section 8: failed API reads are
 * logged and give an empty result, so callers pass the fallback they want.
 */
export async function getJson<T>(url: string, fallback: T, init?: RequestInit): Promise<T> {
  const inline = takeInline(url); // the page shell's answer, first read only (lib/inlineApi.ts)
  if (inline) return inline.body as T;
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

/** Options of `postJson`. */
export interface PostJsonOptions {
  /** Headers besides Accept and Content-Type (a cart token, an Idempotency-Key). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The fetch to call (default: the global fetch, looked up at call time). */
  fetchImpl?: typeof fetch;
}

/**
 * POST `payload` as JSON (Accept and Content-Type application/json, never cached; no body when
 * `payload` is undefined) and give the Response, whatever its status. Rejects as fetch does: a
 * network error or an abort.
 */
export function postJson(url: string, payload: unknown, { headers, signal, fetchImpl = fetch }: PostJsonOptions = {}): Promise<Response> {
  return fetchImpl(url, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...headers },
    body: payload === undefined ? undefined : JSON.stringify(payload),
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}

/** A response's body when it is a JSON object; {} for anything else (no body, not JSON, an array). */
export async function jsonObject(response: Response): Promise<Record<string, unknown>> {
  try {
    const data: unknown = await response.json();
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
