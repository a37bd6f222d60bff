import { formatCents } from '@/lib/money';
import { Img } from '@/components/Img';
import type { CartCurrency, ChosenOption, LineView } from '../types';
import styles from './ConfiguredLine.module.css';

/** What editing a configured line asks for: the product, its build ("layer_id:choice_id" keys) and the line it replaces. */
export interface EditConfigurationRequest {
  productId: number;
  keys: string[];
  replaceLineId: string;
}

/** The build of a line as configurator keys ("layer_id:choice_id"), in the line's order. */
export function configurationKeysOf(line: Pick<LineView, 'configuration'>): string[] {
  return (line.configuration ?? []).map((c) => `${c.layer_id}:${c.choice_id}`);
}

/** The line's chosen options that have an image, bottom layer first (by `z`; ties keep the line's order). */
export function stackedImages(options: readonly ChosenOption[]): { src: string; z: number }[] {
  return options
    .map((option, index) => ({ src: option.image ?? '', z: option.z ?? 0, index }))
    .filter((layer) => layer.src !== '')
    .sort((a, b) => a.z - b.z || a.index - b.index)
    .map(({ src, z }) => ({ src, z }));
}

/**
 * The thumbnail of a configured line (docs/spec.md section 2.13): the chosen options' images for
 * the configurator's cart angle stacked by `z`, as one image named after the build. Old lines
 * without option images show the product's image (`fallback`), or nothing.
 */
export function ConfiguredLineThumb({ name, options, fallback }: { name: string; options: readonly ChosenOption[]; fallback: string | null }) {
  const layers = stackedImages(options);
  const label = `${name}: ${options.map((o) => o.name).join(', ')}`;
  if (layers.length === 0) {
    return fallback ? <Img src={fallback} alt={label} width={96} height={96} /> : null;
  }
  return (
    <div className={styles.thumb} role="img" aria-label={label} data-testid="configured-thumb">
      {layers.map((layer) => (
        <Img key={`${layer.z}:${layer.src}`} src={layer.src} alt="" width={96} height={96} fallback="none" />
      ))}
    </div>
  );
}

/**
 * The chosen options of a configured line as "Layer: Choice", each with its extra in the cart's
 * currency when it has one (minor units formatted, e.g. "+€10.00"). The compound SKUs are not
 * shown to shoppers.
 */
export function ConfiguredLineChoices({ options, currency }: { options: readonly ChosenOption[]; currency: CartCurrency }) {
  return (
    <ul className={styles.choices} aria-label="Your choices" data-testid="configured-choices">
      {options.map((option) => {
        const extra = currency === 'USD' ? option.extra_usd : option.extra_eur;
        return (
          <li key={`${option.layer_id}:${option.choice_id}`}>
            {[option.layer_name, option.name].filter(Boolean).join(': ')}
            {extra > 0 && <span className={styles.extra}>+{formatCents(extra, currency)}</span>}
          </li>
        );
      })}
    </ul>
  );
}

/** The Edit button of a configured line: asks to reopen the configurator with the line's build, replacing the line. */
export function EditConfigurationButton({ line, onEdit }: { line: LineView; onEdit: (request: EditConfigurationRequest) => void }) {
  return (
    <button
      type="button"
      className={styles.edit}
      aria-label={`Edit ${line.name}`}
      onClick={() => onEdit({ productId: line.product_id, keys: configurationKeysOf(line), replaceLineId: line.line_id })}
    >
      Edit
    </button>
  );
}
