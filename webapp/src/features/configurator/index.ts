/**
 * PLACEHOLDER (branch cfg-share): public API of the configurator feature. H3's index (branch
 * cfg-ui) replaces this file on merge; it exports the same `openConfigurator`.
 */
export { openConfigurator } from './store/configuratorStore';
export type { OpenConfiguratorRequest } from './store/configuratorStore';
