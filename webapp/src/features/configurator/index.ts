/** Public API of the configurator feature (docs/spec.md section 2.13). */
import { lazy } from 'react';

export { openConfigurator, closeConfigurator, useConfiguratorStore } from './store/configuratorStore';
export type { OpenConfiguratorOptions } from './store/configuratorStore';
export { useSharedBuild } from './hooks/useSharedBuild';
export type { AddResult } from './components/Configurator';
export type { ConfiguratorData, Quote } from './types';
export { getConfigurator, quoteConfiguration } from './api/configuratorApi';

/**
 * The configurator modal, loaded on first render (React.lazy; the app may import features only
 * through this index, so the lazy boundary sits here). Render it inside Suspense while
 * `useConfiguratorStore` holds a product.
 */
export const ConfiguratorModal = lazy(() => import('./components/ConfiguratorModal'));
/** The custom builder page's inline configurator, loaded lazily like the modal. */
export const Builder = lazy(async () => ({ default: (await import('./components/Builder')).Builder }));
