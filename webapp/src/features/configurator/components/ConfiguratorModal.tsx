import { Modal } from '@/components/Modal';
import type { Currency } from '@/types/api';
import { defaultSelection } from '../model/decide';
import { useConfiguratorLoad } from '../hooks/useConfiguratorLoad';
import { useConfiguratorStore } from '../store/configuratorStore';
import { Configurator, type AddResult } from './Configurator';
import { ConfiguratorStatus } from './ConfiguratorStatus';
import styles from './Configurator.module.css';

export interface ConfiguratorModalProps {
  /** The shipping country's currency. */
  currency: Currency;
  /**
   * Adds the build to the cart (the cart's add command with the keys) and, when `replaceLineId`
   * is set, removes that line after the add succeeded; resolves with the cart's answer.
   */
  onAdd: (productId: number, keys: string[], replaceLineId: string | null) => Promise<AddResult>;
  /** After a successful add (the cart's usual feedback). */
  onAdded?: (productId: number) => void;
}

/**
 * The configurator modal (docs/spec.md section 2.13): open while the configurator store holds a
 * product (`openConfigurator`), over the shared Modal (z-index 1000, focus trapped, Escape
 * closes). Starts from the store's keys or the configurator's defaults. Default export: it is
 * loaded lazily (the shopper's first JS does not carry it).
 */
export default function ConfiguratorModal({ currency, onAdd, onAdded }: ConfiguratorModalProps) {
  const { productId, keys, replaceLineId, notices, close } = useConfiguratorStore();
  const load = useConfiguratorLoad(productId);
  if (productId === null) return null;
  return (
    <Modal title={load.data?.name ?? 'Customize'} onClose={close} className={styles.modal}>
      {load.status === 'ready' ? (
        <Configurator
          key={`${productId}:${load.data.version}:${keys?.join(',') ?? ''}`}
          data={load.data}
          initialKeys={keys ?? defaultSelection(load.data)}
          notices={notices}
          currency={currency}
          onAdd={(chosen) => onAdd(productId, chosen, replaceLineId)}
          onAdded={() => {
            close();
            onAdded?.(productId);
          }}
        />
      ) : (
        <ConfiguratorStatus status={load.status} />
      )}
    </Modal>
  );
}
