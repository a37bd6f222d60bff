import { Suspense, useEffect } from 'react';
import { closeConfigurator, ConfiguratorModal, useConfiguratorStore } from '@/features/configurator';
import { useCurrency } from '@/features/country';
import { useConfiguratorCart } from './configuratorCart';

/** Renders the configurator modal while the configurator store holds a product (cart page, builder page). */
export function ConfiguratorModalHost() {
  const currency = useCurrency();
  const configuring = useConfiguratorStore((s) => s.productId !== null);
  const addConfigured = useConfiguratorCart();
  useEffect(() => closeConfigurator, []);
  if (!configuring) return null;
  return (
    <Suspense fallback={null}>
      <ConfiguratorModal currency={currency} onAdd={addConfigured} />
    </Suspense>
  );
}
