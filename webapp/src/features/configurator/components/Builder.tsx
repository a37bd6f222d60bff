import { useState } from 'react';
import type { Currency } from '@/types/api';
import { useConfiguratorLoad } from '../hooks/useConfiguratorLoad';
import { defaultSelection } from '../model/decide';
import { Configurator, type AddResult } from './Configurator';
import { ConfiguratorStatus } from './ConfiguratorStatus';
import styles from './Configurator.module.css';

export const ADDED_TEXT = 'Your item has been added to the cart!';

export interface BuilderProps {
  productId: number;
  currency: Currency;
  /** Adds the build to the cart; resolves with the cart's answer. */
  onAdd: (productId: number, keys: string[]) => Promise<AddResult>;
}

/**
 * The custom builder page's configurator, inline (docs/spec.md section 2.13): 'Loading
 * configurator...' while it loads (waited for every 20 ms, by up to 500 tries), 'Could not load
 * configurator' when it does not come, then the same configurator as the modal; after an add,
 * 'Your item has been added to the cart!'.
 */
export function Builder({ productId, currency, onAdd }: BuilderProps) {
  const load = useConfiguratorLoad(productId);
  const [added, setAdded] = useState(false);
  if (load.status !== 'ready') return <ConfiguratorStatus status={load.status} />;
  return (
    <div className={styles.builder}>
      <p role="status" className={styles.added}>
        {added ? ADDED_TEXT : ''}
      </p>
      <Configurator
        data={load.data}
        initialKeys={defaultSelection(load.data)}
        currency={currency}
        onAdd={async (keys) => {
          setAdded(false);
          return onAdd(productId, keys);
        }}
        onAdded={() => setAdded(true)}
        headingLevel={2}
      />
    </div>
  );
}
