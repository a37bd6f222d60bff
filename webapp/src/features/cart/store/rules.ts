/**
 * The cart rules of spec section 4 as pure functions over cart lines. The
 * store applies them optimistically; the server applies the same rules.
 */
import { MAX_CART_COUNT } from '@/config/site';
import { isComingSoon, stockCap } from '@/lib/products';
import type { CartCommand, CartLine, ConfigurationEntry } from '../types';

/** Product 31575 may not outnumber product 26907 (the custom keyboard builder) in the cart. */
export const CAPPED_BY: Record<number, number> = { 31575: 26907 };

let sequence = 0;
export function lineKey(id: number, variationId: number | null, configured: boolean): string {
  const base = `${id}:${variationId ?? 0}`;
  return configured ? `${base}:c${Date.now().toString(36)}${(sequence++).toString(36)}` : base;
}

const isConfigured = (configuration: ConfigurationEntry[] | null | undefined) =>
  Array.isArray(configuration) && configuration.length > 0;

export function clampCount(count: number, cap: number = MAX_CART_COUNT): number {
  if (!Number.isFinite(count)) return 0;
  return Math.max(0, Math.min(Math.trunc(count), cap, MAX_CART_COUNT));
}

/** The highest count a line may have, given its product data and the rest of the cart. */
export function lineCap(line: CartLine, lines: CartLine[]): number {
  let cap = line.product ? stockCap(line.product, line.variation) : MAX_CART_COUNT;
  const capper = CAPPED_BY[line.id];
  if (capper !== undefined) {
    const allowed = lines.filter((l) => l.id === capper).reduce((sum, l) => sum + l.count, 0);
    cap = Math.min(cap, allowed);
  }
  return cap;
}

/** Lines whose product is loaded but has no sku cannot be sold and are dropped after each action. */
function dropUnsellable(lines: CartLine[]): CartLine[] {
  return lines.filter((line) => {
    if (!line.product) return true;
    const sku = line.variation?.sku ?? line.product.sku;
    return sku === undefined || sku === null || sku !== '';
  });
}

export function applyCommand(lines: CartLine[], command: CartCommand): CartLine[] {
  switch (command.type) {
    case 'add': {
      const { product, variation = null, configuration = null } = command;
      if (isComingSoon(product)) return lines;
      const variationId = variation?.id ?? null;
      const configured = isConfigured(configuration);
      if (!configured) {
        const existing = lines.find((l) => l.id === product.id && l.variationId === variationId && !isConfigured(l.configuration));
        if (existing) {
          const refreshed: CartLine = { ...existing, product, variation };
          const count = clampCount(existing.count + 1, lineCap(refreshed, lines));
          return dropUnsellable(lines.map((l) => (l === existing ? { ...refreshed, count } : l)));
        }
      }
      const line: CartLine = {
        key: lineKey(product.id, variationId, configured),
        id: product.id,
        variationId,
        count: 1,
        configuration: configured ? configuration : null,
        product,
        variation,
      };
      const count = clampCount(1, lineCap(line, lines));
      if (count === 0) return lines;
      return dropUnsellable([...lines, { ...line, count }]);
    }
    case 'set_count':
      return dropUnsellable(
        lines.map((l) => (l.key === command.key ? { ...l, count: clampCount(command.count, lineCap(l, lines)) } : l)),
      );
    case 'remove':
      return dropUnsellable(lines.filter((l) => l.key !== command.key));
    case 'clear':
      return [];
  }
}

export function toPersisted(lines: CartLine[]) {
  return lines.map(({ id, variationId, count, configuration }) => ({ id, variationId, count, configuration }));
}

export function fromPersisted(saved: unknown): CartLine[] {
  if (!Array.isArray(saved)) return [];
  return saved.flatMap((raw) => {
    const entry = raw as Partial<CartLine> & { variation_id?: number };
    const id = Number(entry?.id);
    if (!Number.isInteger(id) || id <= 0) return [];
    const variationId = entry.variationId ?? entry.variation_id ?? null;
    const configuration = isConfigured(entry.configuration) ? (entry.configuration as ConfigurationEntry[]) : null;
    return [{ key: lineKey(id, variationId, configuration !== null), id, variationId, count: clampCount(Number(entry.count ?? 1)), configuration }];
  });
}
