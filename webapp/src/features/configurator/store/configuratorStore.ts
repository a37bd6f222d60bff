/**
 * Which configurator is open (docs/spec.md section 2.13): one modal at a time, for one product,
 * starting from `keys` (null: the configurator's defaults). `replaceLineId`: a cart line this
 * build replaces once it is added (editing a configured line); `notices`: messages shown above the
 * layers (e.g. what changed since a shared build was made). Nothing here is persisted.
 */
import { create } from 'zustand';

export interface OpenConfiguratorOptions {
  productId: number;
  /** Start from these keys ("layer_id:choice_id") instead of the defaults. */
  keys?: readonly string[] | null;
  /** The cart line removed after this build is added. */
  replaceLineId?: string | null;
  /** Shown to the shopper above the layers. */
  notices?: readonly string[];
}

export interface ConfiguratorOpenState {
  productId: number | null;
  keys: readonly string[] | null;
  replaceLineId: string | null;
  notices: readonly string[];
  openConfigurator: (options: OpenConfiguratorOptions) => void;
  close: () => void;
}

const closed = { productId: null, keys: null, replaceLineId: null, notices: [] } as const;

export const useConfiguratorStore = create<ConfiguratorOpenState>()((set) => ({
  ...closed,
  openConfigurator: ({ productId, keys = null, replaceLineId = null, notices = [] }) => set({ productId, keys, replaceLineId, notices }),
  close: () => set({ ...closed }),
}));

/** Open the configurator modal for a product (used by the product page and the share link restore). */
export const openConfigurator = (options: OpenConfiguratorOptions) => useConfiguratorStore.getState().openConfigurator(options);
/** Close the configurator modal. */
export const closeConfigurator = () => useConfiguratorStore.getState().close();
