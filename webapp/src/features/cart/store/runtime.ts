/**
 * What the cart store needs from the outside world, injectable for tests: the API, ids, clock,
 * timers and the online flag. One `CartRuntime` per store instance also holds its retry timers.
 */
import { createCartApi, type CartApi } from '../api/cartApi';
import type { Refusal } from '../types';

export interface CartDeps {
  api: CartApi;
  /** A random UUID (v4): Idempotency-Keys and analytics event ids. */
  uuid: () => string;
  /** A new cart token: 32 random bytes, base64url (256 bits). */
  token: () => string;
  now: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  isOnline: () => boolean;
  random: () => number;
  /** Exponential backoff: base * 2^(attempt-1), at most max (ms), with jitter. */
  backoff: { baseMs: number; maxMs: number };
  /** Listen for the browser coming back online; returns the unsubscribe. */
  onOnline: (listener: () => void) => () => void;
}

function randomBytes(n: number): Uint8Array {
  const bytes = new Uint8Array(n);
  globalThis.crypto.getRandomValues(bytes);
  return bytes;
}

/** RFC 4122 version 4 from getRandomValues (randomUUID needs a secure context). */
export function uuid4(): string {
  const b = randomBytes(16);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** 32 random bytes as base64url without padding: 43 characters, matching ^[A-Za-z0-9_-]{22,128}$. */
export function newCartToken(): string {
  const bytes = randomBytes(32);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function defaultDeps(): CartDeps {
  return {
    api: createCartApi(),
    uuid: uuid4,
    token: newCartToken,
    now: () => Date.now(),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
    random: Math.random,
    backoff: { baseMs: 1000, maxMs: 30_000 },
    onOnline: (listener) => {
      if (typeof window === 'undefined') return () => {};
      window.addEventListener('online', listener);
      return () => window.removeEventListener('online', listener);
    },
  };
}

/** The longest the outbox waits on a 429 before asking again, whatever `Retry-After` says (ms). */
export const RETRY_AFTER_CAP_MS = 60_000;

/**
 * How long the outbox waits before sending a command again: the server's `Retry-After`
 * (seconds, on a 429) capped at RETRY_AFTER_CAP_MS (a longer wait is asked again, and the server
 * answers with what is left), else the backoff for the n-th failed attempt.
 */
export function retryDelay(deps: Pick<CartDeps, 'backoff' | 'random'>, attempt: number, retryAfter?: number): number {
  if (retryAfter !== undefined && retryAfter > 0) return Math.min(RETRY_AFTER_CAP_MS, retryAfter * 1000);
  return backoffDelay(deps, attempt);
}

/** Backoff delay for the n-th failed attempt (n >= 1), jittered to 50..100 %. */
export function backoffDelay(deps: Pick<CartDeps, 'backoff' | 'random'>, attempt: number): number {
  const full = Math.min(deps.backoff.maxMs, deps.backoff.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(full * (0.5 + deps.random() / 2));
}

/** Per-store mutable runtime: dependencies plus pending retry timers. */
export interface CartRuntime {
  deps: CartDeps;
  timers: { outbox?: unknown; analytics?: unknown };
  /** Callers waiting for the server's answer to one outbox entry (by its id; memory only). */
  waiters?: Map<string, (answer: { ok: true } | ({ ok: false } & Refusal)) => void>;
  unsubscribeOnline?: () => void;
}
