import { loadCartPage } from '@/features/cart';
import { openConfigurator } from '@/features/configurator';
import { SITE_NAME } from '@/config/site';
import { ConfiguratorModalHost } from './ConfiguratorModalHost';

// The cart page is not in the shopper's first load; this route module resolves once it is here.
const { CartPage } = await loadCartPage();

export function Component() {
  return (
    <>
      <title>{`Cart – ${SITE_NAME}`}</title>
      {/* Edit on a configured line reopens the configurator and replaces the line (docs/spec.md section 2.13). */}
      <CartPage onEditConfiguration={openConfigurator} />
      <ConfiguratorModalHost />
    </>
  );
}
