/**
 * The configurator's decisions in the browser: a mirror of services/configurator/domain.py
 * (docs/spec.md section 2.13, "Configurator rules"), function for function, held to it by the
 * shared vectors tests/vectors/configurator.json (decide.test.ts here, tests/configurator/
 * test_vectors.py on the server). Pure: no React, no fetch. The server decides again on quote and
 * add; this gives the shopper the answer without a round trip. The share hash is the server's
 * (not mirrored). Money: integer minor units (cents), EUR and USD.
 */
import type { AddButton, ChoiceData, ConfiguratorData, LayerData } from '../types';

/** The add button's label per state (docs/spec.md section 4, "Configurator add button"). */
export const ADD_BUTTON_LABELS: Record<AddButton, string> = {
  add: 'Add to cart',
  preorder: 'Pre-order',
  unavailable: 'Unavailable for purchase',
  coming_soon: 'Coming Soon',
};

/** The most choices one configuration may hold (the cart command's limit, docs/spec.md section 9). */
export const MAX_CHOICES = 30;

/** Why a configuration cannot be bought: `code` stable, `message` shown (docs/spec.md section 8), `status` the cart's HTTP status. */
export interface Problem {
  code: string;
  message: string;
  status: number;
  layer_id: string | null;
  choice_id: string | null;
}

/**
 * What rules and stock make of one choice for the current selection: hidden (not offered),
 * disabled (offered, not selectable), required (a rule needs it), the reason shown beside it and,
 * for a disabled choice, up to 3 keys of the same layer that can be picked instead.
 */
export interface ChoiceState {
  hidden: boolean;
  disabled: boolean;
  required: boolean;
  reason: string;
  instead: string[];
}

/** The outcome of `validate` (no `hash`: the share hash is the server's). */
export interface Verdict {
  ok: boolean;
  problems: Problem[];
  /** The selected choices in menu order. */
  chosen: ChoiceData[];
  /** Base + extras, minor units. */
  eur: number;
  usd: number;
  skus: string[];
  button: AddButton;
  preorder: boolean;
  states: Record<string, ChoiceState>;
}

/** '%s is required' (docs/spec.md section 8). */
export const requiredMessage = (layerName: string) => `${layerName} is required`;
/** '%s is out of stock, please select something else.' (docs/spec.md section 8). */
export const outOfStockMessage = (choiceName: string) => `${choiceName} is out of stock, please select something else.`;
/** 'No item in stock': a required layer none of whose offered choices can be bought (docs/spec.md section 8). */
export const NO_ITEM_IN_STOCK = 'No item in stock';

/** Bought as a pre-order: flagged `has_backorder` or on backorder. */
export const isPreorder = (c: ChoiceData) => c.has_backorder || c.stock_status === 'onbackorder';
/** Can be bought now or as a pre-order. */
export const isAvailable = (c: ChoiceData) => c.stock_status !== 'outofstock' && !c.coming_soon;

/** Lookups over one configurator (keys "layer_id:choice_id"). */
export function indexOf(cfg: ConfiguratorData) {
  const byKey = new Map(cfg.choices.map((c) => [`${c.layer_id}:${c.id}`, c]));
  const layers = new Map(cfg.layers.map((l) => [l.id, l]));
  return { choice: (key: string) => byKey.get(key) ?? null, layer: (id: string): LayerData | null => layers.get(id) ?? null };
}

const keyOf = (c: ChoiceData) => `${c.layer_id}:${c.id}`;

/** domain.choice_states: the state of every choice of `cfg` for the `selected` keys. */
export function choiceStates(cfg: ConfiguratorData, selected: Iterable<string>): Record<string, ChoiceState> {
  const chosen = new Set(selected);
  const hidden = new Map<string, string>();
  const disabled = new Map<string, string>();
  const required = new Map<string, string>();
  for (const rule of cfg.rules) {
    if (rule.when.length === 0 || !rule.when.every((k) => chosen.has(k))) continue;
    const bucket = rule.effect === 'hide' ? hidden : rule.effect === 'disable' ? disabled : required;
    for (const target of rule.targets) if (!bucket.has(target)) bucket.set(target, rule.reason);
  }
  const states: Record<string, ChoiceState> = {};
  for (const c of cfg.choices) {
    const k = keyOf(c);
    let reason = hidden.get(k) || disabled.get(k) || '';
    if (!reason && c.coming_soon) reason = `${c.name} is coming soon.`;
    else if (!reason && c.stock_status === 'outofstock') reason = outOfStockMessage(c.name);
    states[k] = { hidden: hidden.has(k), disabled: Boolean(reason), required: required.has(k), reason: reason || required.get(k) || '', instead: [] };
  }
  for (const c of cfg.choices) {
    const state = states[keyOf(c)];
    if (state.disabled && !state.hidden) {
      state.instead = cfg.choices
        .filter((o) => o.layer_id === c.layer_id && keyOf(o) !== keyOf(c) && !states[keyOf(o)].disabled && !states[keyOf(o)].hidden)
        .map(keyOf)
        .slice(0, 3);
    }
  }
  return states;
}

const problem = (code: string, message: string, status: number, layerId: string | null = null, choiceId: string | null = null): Problem => ({
  code,
  message,
  status,
  layer_id: layerId,
  choice_id: choiceId,
});

/**
 * domain.validate without the hash: whether `keys` is a build of `cfg` that can be bought, its
 * problems (invalid_configuration 422, configuration_required 422, configuration_unavailable 409;
 * same order and messages as the server), its price and add button.
 */
export function validate(cfg: ConfiguratorData, keys: readonly string[]): Verdict {
  const { choice } = indexOf(cfg);
  const problems: Problem[] = [];
  if (keys.length > MAX_CHOICES) problems.push(problem('invalid_configuration', `A build has at most ${MAX_CHOICES} choices.`, 422));
  const seen = new Set<string>();
  const picked = new Map<string, ChoiceData[]>();
  for (const key of keys.slice(0, MAX_CHOICES * 2)) {
    const c = choice(key);
    if (!c) {
      problems.push(problem('invalid_configuration', `That option is not available for ${cfg.name}.`, 422));
      continue;
    }
    if (seen.has(key)) {
      problems.push(problem('invalid_configuration', `${c.name} is chosen more than once.`, 422, c.layer_id, c.id));
      continue;
    }
    seen.add(key);
    picked.set(c.layer_id, [...(picked.get(c.layer_id) ?? []), c]);
  }
  const states = choiceStates(cfg, seen);
  for (const layer of cfg.layers) {
    const mine = picked.get(layer.id) ?? [];
    const limit = layer.multiple ? layer.max_choices : 1;
    if (limit && mine.length > limit) {
      const what = limit === 1 ? `one ${layer.name}` : `at most ${limit} of ${layer.name}`;
      problems.push(problem('invalid_configuration', `Choose ${what}.`, 422, layer.id));
    }
    const least = Math.max(layer.required ? 1 : 0, layer.multiple ? layer.min_choices : 0);
    if (mine.length < least) {
      problems.push(problem('configuration_required', mine.length === 0 ? requiredMessage(layer.name) : `Choose at least ${least} of ${layer.name}.`, 422, layer.id));
    }
    for (const c of mine) {
      const state = states[keyOf(c)];
      if (state.hidden || (state.disabled && isAvailable(c))) {
        problems.push(problem('invalid_configuration', `${c.name}: ${state.reason}`, 422, c.layer_id, c.id));
      }
    }
  }
  for (const [key, state] of Object.entries(states)) {
    if (state.required && !seen.has(key)) {
      const target = choice(key);
      if (target) problems.push(problem('configuration_required', state.reason, 422, target.layer_id, target.id));
    }
  }
  const chosen = cfg.layers.flatMap((layer) => picked.get(layer.id) ?? []);
  for (const c of chosen) {
    if (c.coming_soon) problems.push(problem('configuration_unavailable', `${c.name} is coming soon.`, 409, c.layer_id, c.id));
    else if (c.stock_status === 'outofstock') problems.push(problem('configuration_unavailable', outOfStockMessage(c.name), 409, c.layer_id, c.id));
  }
  const [eur, usd] = price(cfg, chosen);
  return {
    ok: problems.length === 0,
    problems,
    chosen,
    eur,
    usd,
    skus: compoundSkus(cfg, chosen),
    button: addButton(cfg, chosen),
    preorder: chosen.some(isPreorder),
    states,
  };
}

/** domain.price: `[eur, usd]` in minor units, the base plus every chosen extra (below 0 counts as 0). */
export function price(cfg: ConfiguratorData, chosen: Iterable<ChoiceData>): [number, number] {
  let eur = cfg.base_eur;
  let usd = cfg.base_usd;
  for (const c of chosen) {
    eur += Math.max(0, c.extra_eur);
    usd += Math.max(0, c.extra_usd);
  }
  return [eur, usd];
}

/** domain.compound_skus: the product's SKU, then each chosen SKU part (menu order; empty parts add nothing). */
export function compoundSkus(cfg: ConfiguratorData, chosen: Iterable<ChoiceData>): string[] {
  return [cfg.base_sku, ...[...chosen].filter((c) => c.sku_part).map((c) => c.sku_part)];
}

/** domain.add_button (docs/spec.md section 4): coming_soon, unavailable, preorder or add; labels in ADD_BUTTON_LABELS. */
export function addButton(cfg: ConfiguratorData, chosen: Iterable<ChoiceData>): AddButton {
  if (cfg.coming_soon) return 'coming_soon';
  const picked = [...chosen];
  if (picked.some((c) => !isAvailable(c))) return 'unavailable';
  if (picked.some(isPreorder)) return 'preorder';
  return 'add';
}

/** domain.default_selection: each layer's available default choice (menu order), then what select rules add. */
export function defaultSelection(cfg: ConfiguratorData): string[] {
  const { choice } = indexOf(cfg);
  const keys: string[] = [];
  for (const layer of cfg.layers) {
    if (!layer.default_choice_id) continue;
    const c = choice(`${layer.id}:${layer.default_choice_id}`);
    if (c && isAvailable(c)) keys.push(keyOf(c));
  }
  return applySelectRules(cfg, keys);
}

/** domain.apply_select_rules: `keys` plus the targets of every firing select rule (a target in a single layer replaces that layer's choice). */
export function applySelectRules(cfg: ConfiguratorData, keys: readonly string[]): string[] {
  const { choice, layer } = indexOf(cfg);
  let current = [...keys];
  for (let pass = 0; pass < cfg.rules.length + 1; pass += 1) {
    let changed = false;
    for (const rule of cfg.rules) {
      if (rule.effect !== 'select' || !rule.when.every((k) => current.includes(k))) continue;
      for (const target of rule.targets) {
        const t = choice(target);
        if (!t || current.includes(target)) continue;
        const l = layer(t.layer_id);
        if (l && !l.multiple) current = current.filter((k) => !k.startsWith(`${t.layer_id}:`));
        current.push(target);
        changed = true;
      }
    }
    if (!changed) break;
  }
  return current;
}

/**
 * The shopper picks or unpicks `key` (docs/spec.md section 2.13): in a single layer it replaces
 * the layer's choice (picking the chosen one of an optional layer clears it); in a multiple layer
 * it toggles, up to `max_choices`. Select rules then apply. Disabled or hidden choices are not
 * picked (the keys come back unchanged).
 */
export function toggle(cfg: ConfiguratorData, keys: readonly string[], key: string): string[] {
  const { choice, layer } = indexOf(cfg);
  const c = choice(key);
  const l = c ? layer(c.layer_id) : null;
  if (!c || !l) return [...keys];
  const has = keys.includes(key);
  if (!has) {
    const state = choiceStates(cfg, keys)[key];
    if (state.disabled || state.hidden) return [...keys];
  }
  let next: string[];
  if (l.multiple) {
    if (has) next = keys.filter((k) => k !== key);
    else {
      const mine = keys.filter((k) => k.startsWith(`${l.id}:`));
      if (l.max_choices && mine.length >= l.max_choices) return [...keys];
      next = [...keys, key];
    }
  } else if (has) {
    next = l.required ? [...keys] : keys.filter((k) => k !== key);
  } else {
    next = [...keys.filter((k) => !k.startsWith(`${l.id}:`)), key];
  }
  return applySelectRules(cfg, next);
}

/** Required layers whose offered choices are all unavailable: the layer ids that show 'No item in stock'. */
export function layersWithoutStock(cfg: ConfiguratorData, states: Record<string, ChoiceState>): Set<string> {
  const empty = new Set<string>();
  for (const l of cfg.layers) {
    if (!l.required) continue;
    const offered = cfg.choices.filter((c) => c.layer_id === l.id && !states[keyOf(c)]?.hidden);
    if (!offered.some(isAvailable)) empty.add(l.id);
  }
  return empty;
}
