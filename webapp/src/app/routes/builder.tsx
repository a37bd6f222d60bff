import { Suspense } from 'react';
import { PageHeading } from '@/components/PageHeading';
import { Builder, useSharedBuild } from '@/features/configurator';
import { useCurrency } from '@/features/country';
import { SITE_NAME } from '@/config/site';
import { useConfiguratorCart } from './configuratorCart';
import { ConfiguratorModalHost } from './ConfiguratorModalHost';

/** The product the custom keyboard builder configures (docs/spec.md section 2, route table). */
export const BUILDER_PRODUCT_ID = 26907;

/** /custom-keyboard-builder (docs/spec.md section 2.13): the configurator of product 26907, inline. */
export function Component() {
  const currency = useCurrency();
  const onAdd = useConfiguratorCart();
  useSharedBuild(BUILDER_PRODUCT_ID);
  return (
    <>
      <title>{`Custom Keyboard Builder – ${SITE_NAME}`}</title>
      <div className="container section">
        <PageHeading title="Custom Keyboard Builder" />
        {/* The builder's height is unknown until its chunk and data arrive: holding a screen's
            height keeps the footer below the fold meanwhile, so nothing shifts (CLS 0). */}
        <div style={{ minHeight: '100vh' }}>
          <Suspense fallback={<p role="status">Loading configurator...</p>}>
            <Builder productId={BUILDER_PRODUCT_ID} currency={currency} onAdd={(productId, keys) => onAdd(productId, keys)} />
          </Suspense>
        </div>
      </div>
      <ConfiguratorModalHost />
    </>
  );
}
