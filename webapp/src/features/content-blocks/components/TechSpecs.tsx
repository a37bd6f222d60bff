import { AppLink } from '@/components/AppLink';
import { Img } from '@/components/Img';
import type { BlockProps } from '../types';
import { parseSpecValue } from '../model/techSpecs';
import { readImage, readList, text } from './fields';
import styles from './more.module.css';

function SpecValue({ value, label }: { value: unknown; label: string }) {
  return (
    <>
      {parseSpecValue(value).map((part, i) =>
        part.kind === 'text' ? (
          <span key={i}>{part.text}</span>
        ) : part.kind === 'link' ? (
          <AppLink key={i} href={part.url}>
            {part.text}
          </AppLink>
        ) : (
          <span key={i} className={styles.pdfLinks}>
            <a href={part.url} target="_blank" rel="noopener noreferrer" aria-label={`Read PDF: ${part.text || label}`}>
              Read PDF
            </a>
            <a href={part.url} download aria-label={`Download PDF: ${part.text || label}`}>
              Download PDF
            </a>
          </span>
        ),
      )}
    </>
  );
}

/**
 * `tech_specs` (docs/spec.md section 2): title, optional image, items of label and
 * value. A value written as `[text](url)` is a link, or 'Read PDF' and
 * 'Download PDF' when the target ends in pdf.
 */
export function TechSpecs({ block }: BlockProps) {
  const title = text(block.title);
  const image = readImage(block.image, title);
  const items = readList(block.items).filter((item) => text(item.label) || text(item.value));
  if (items.length === 0) return null;
  return (
    <section className={`container section ${styles.specs}`} data-image={image ? 'yes' : undefined}>
      {title && <h2 className={styles.specsTitle}>{title}</h2>}
      {image && <Img className={styles.specsImage} src={image.src} alt={image.alt} width={image.width ?? 800} height={image.height ?? 800} />}
      <dl className={styles.specList}>
        {items.map((item, i) => (
          <div key={i} className={styles.specRow}>
            <dt>{text(item.label)}</dt>
            <dd>
              <SpecValue value={item.value} label={text(item.label)} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
