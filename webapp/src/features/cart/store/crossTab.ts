/**
 * Two tabs, one cart. Every tab keeps its own store and each writes the whole persisted cart to
 * local storage on every change, so without this a tab would overwrite commands another tab had
 * queued. When another tab
 * writes `cart` (the browser's `storage` event), this tab merges what it reads into its state:
 *
 * - outbox: the union of both tabs' pending commands (by Idempotency-Key), minus the ones either
 *   tab has already settled (`settled`: the last SETTLED_KEPT keys), oldest first. Both tabs may
 *   then send the same command: the server answers the second from its history (same key), so a
 *   command still lands once;
 * - analytics: the union of both queues by `event_id`, minus the hits either tab has sent
 *   (`sent`). Hit ids are derived from the command's key (outboxSlice), so two tabs settling the
 *   same command queue the same ids and the server counts them once;
 * - the server's cart: the higher version of the same cart; the other tab's token when this tab
 *   has no cart on the server yet (two tabs opened before the first command share one cart);
 *   two different started carts: this tab keeps its own (it cannot merge carts);
 * - catalogue facts and the client id: the union / the first one set.
 */
import type { CartView, GaEvent, OutboxEntry } from '../types';
import type { FactsEntry } from './sync';

/** How many settled command keys and sent analytics ids a tab remembers (and persists). */
export const SETTLED_KEPT = 200;
export const SENT_KEPT = 500;

/** The part of the persisted cart a merge reads and writes. */
export interface SharedCart {
  token: string | null;
  cid: string | null;
  server: CartView | null;
  outbox: OutboxEntry[];
  analytics: GaEvent[];
  facts: Record<string, FactsEntry>;
  settled: string[];
  sent: string[];
}

/** The last `keep` distinct ids of `a` then `b`. */
export function unionIds(a: readonly string[], b: readonly string[], keep: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const id of [...a, ...b]) {
    if (!seen.has(id)) {
      seen.add(id);
      out.push(id);
    }
  }
  return out.slice(-keep);
}

function unionBy<T>(mine: readonly T[], theirs: readonly T[], id: (t: T) => string, done: Set<string>, order: (t: T) => number): T[] {
  const byId = new Map<string, T>();
  for (const item of [...mine, ...theirs]) {
    const key = id(item);
    if (!done.has(key) && !byId.has(key)) byId.set(key, item);
  }
  return [...byId.values()].sort((x, y) => order(x) - order(y) || (id(x) < id(y) ? -1 : id(x) > id(y) ? 1 : 0));
}

/**
 * This tab's state after reading what another tab wrote. Pure: `mine` and `theirs` are not
 * changed. The caller recomputes the displayed cart from the result.
 */
export function mergeOtherTab(mine: SharedCart, theirs: Partial<SharedCart>): SharedCart {
  const theirServer = theirs.server && Array.isArray(theirs.server.lines) ? theirs.server : null;
  const theirToken = typeof theirs.token === 'string' ? theirs.token : null;
  const settled = unionIds(mine.settled, Array.isArray(theirs.settled) ? theirs.settled : [], SETTLED_KEPT);
  const sent = unionIds(mine.sent, Array.isArray(theirs.sent) ? theirs.sent : [], SENT_KEPT);

  let token = mine.token;
  let server = mine.server;
  const sameCart = theirToken !== null && theirToken === mine.token;
  if (sameCart) {
    if (theirServer && (!server || theirServer.version > server.version)) server = theirServer;
  } else if (theirToken !== null && (mine.token === null || mine.server === null)) {
    token = theirToken; // adopt the cart the other tab started
    server = theirServer;
  }
  const adoptsTheirs = token === theirToken;

  const settledSet = new Set(settled);
  const outbox = unionBy(mine.outbox, adoptsTheirs && Array.isArray(theirs.outbox) ? theirs.outbox : [], (e) => e.id, settledSet, (e) => e.createdAt);
  const analytics = unionBy(mine.analytics, Array.isArray(theirs.analytics) ? theirs.analytics : [], (e) => e.event_id, new Set(sent), (e) => e.createdAt);
  const facts = { ...(theirs.facts && typeof theirs.facts === 'object' ? theirs.facts : {}), ...mine.facts };
  const cid = mine.cid ?? (typeof theirs.cid === 'string' ? theirs.cid : null);
  return { token, cid, server, outbox, analytics, facts, settled, sent };
}
