import { useId } from 'react';
import type { ColourSwatch, Product, Variation } from '../types';
import styles from './catalog.module.css';

function variationName(variation: Variation): string {
  return (variation.attributes ?? []).map((a) => a.option).join(' / ') || `Option ${variation.id}`;
}

function colourOf(variation: Variation, swatches: ColourSwatch[], product: Product): string | null {
  const swatch = swatches.find((s) => s.id === variation.colour_swatch_id);
  if (swatch?.colour) return swatch.colour;
  const fromAcf = (product.acf?.colour_variations as { colour?: string; variation_id?: number }[] | undefined)?.find(
    (c) => c.variation_id === variation.id,
  );
  return fromAcf?.colour ?? null;
}

interface Props {
  product: Product;
  variations: Variation[];
  swatches: ColourSwatch[];
  value: Variation | null;
  onChange: (variation: Variation) => void;
}

/** Colour / variation picker: a radio group, one swatch per variation. */
export function VariationPicker({ product, variations, swatches, value, onChange }: Props) {
  const id = useId();
  const attribute = product.attributes?.find((a) => a.variation)?.name ?? 'Option';
  return (
    <fieldset className={styles.picker}>
      <legend className={styles.pickerLegend}>
        {attribute}: <strong>{value ? variationName(value) : 'choose one'}</strong>
      </legend>
      <div className={styles.swatches}>
        {variations.map((variation) => {
          const colour = colourOf(variation, swatches, product);
          const name = variationName(variation);
          const out = variation.stock_status === 'outofstock';
          return (
            <label key={variation.id} className={styles.swatch} data-checked={value?.id === variation.id || undefined} data-out={out || undefined}>
              <input
                type="radio"
                name={id}
                value={variation.id}
                checked={value?.id === variation.id}
                onChange={() => onChange(variation)}
                className="visually-hidden"
              />
              {colour && <span className={styles.swatchDot} style={{ background: colour }} aria-hidden="true" />}
              <span>
                {name}
                {out && <span className={styles.swatchOut}> (Out of stock)</span>}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
