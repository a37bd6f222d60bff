/**
 * Placeholder for H4's share modal (link copy and social buttons, docs/spec.md section 2.13); H4's
 * version replaces this file. Props are the contract the configurator renders it with.
 */
import { Modal } from '@/components/Modal';

export interface ShareModalProps {
  productId: number;
  /** The build's keys ("layer_id:choice_id"). */
  keys: readonly string[];
  onClose: () => void;
}

export default function ShareModal({ onClose }: ShareModalProps) {
  return (
    <Modal title="Share" onClose={onClose}>
      <p>Sharing is coming soon.</p>
    </Modal>
  );
}
