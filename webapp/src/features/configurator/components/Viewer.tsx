import type { AngleData, ChoiceData, LayerData } from '../types';
import { Img } from '@/components/Img';
import styles from './Configurator.module.css';

export const EMPTY_VIEWER_TEXT = 'Please select a variation to configure';

interface Props {
  angles: AngleData[];
  angleId: string;
  onAngle: (angleId: string) => void;
  layers: LayerData[];
  /** The chosen choices (menu order). */
  chosen: ChoiceData[];
}

/**
 * The layered viewer (docs/spec.md section 2.13): the chosen choices' images for the current
 * angle stacked by `layer.stack + image.z` (higher on top), each with its alt text; 'Please
 * select a variation to configure' while nothing is chosen. The angle switch is a group of
 * toggle buttons (`aria-pressed`).
 */
export function Viewer({ angles, angleId, onAngle, layers, chosen }: Props) {
  const stackOf = new Map(layers.map((l) => [l.id, l.stack]));
  const images = chosen
    .flatMap((c) => c.images.filter((i) => i.angle_id === angleId).map((i) => ({ choice: c, url: i.url, z: (stackOf.get(c.layer_id) ?? 0) + i.z })))
    .sort((a, b) => a.z - b.z);
  return (
    <section className={styles.viewer} aria-label="Preview">
      {angles.length > 1 && (
        <div role="group" aria-label="View" className={styles.angles}>
          {angles.map((a) => (
            <button key={a.id} type="button" className={styles.angle} aria-pressed={a.id === angleId} onClick={() => onAngle(a.id)}>
              {a.name}
            </button>
          ))}
        </div>
      )}
      <div className={styles.stage}>
        {chosen.length === 0 ? (
          <p className={styles.empty}>{EMPTY_VIEWER_TEXT}</p>
        ) : (
          images.map((image) => (
            <Img key={`${image.choice.layer_id}:${image.choice.id}:${image.url}`} className={styles.image} src={image.url} alt={image.choice.alt || image.choice.name} style={{ zIndex: image.z }} data-z={image.z} loading="eager" fallback="none" />
          ))
        )}
      </div>
    </section>
  );
}
