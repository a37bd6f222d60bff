/**
 * PLACEHOLDER (branch cfg-share): the configurator's open state. The real store is H3's
 * (branch cfg-ui) with the same `openConfigurator({productId, keys?, replaceLineId?, notices?})`;
 * on merge this file is replaced by theirs. It exists only so the share hook compiles.
 */
import { create } from 'zustand';

/** What opens the configurator: a product, optionally a build (keys "layer_id:choice_id"), the cart line it replaces, notices to show. */
export interface OpenConfiguratorRequest {
  productId: number;
  keys?: string[];
  replaceLineId?: string;
  notices?: string[];
}

interface ConfiguratorOpenState {
  open: OpenConfiguratorRequest | null;
}

export const useConfiguratorStore = create<ConfiguratorOpenState>(() => ({ open: null }));

/** Opens the configurator for `request.productId` (docs/spec.md section 2.13). */
export function openConfigurator(request: OpenConfiguratorRequest): void {
  useConfiguratorStore.setState({ open: request });
}
