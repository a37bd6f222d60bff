import { useEffect, useState } from 'react';
import styles from './catalog.module.css';

/** acf.btn_fade (docs/spec.md section 3, product content fields: type, button, first, second). */
export interface BtnFadeFields {
  type?: string | null;
  button?: string | null;
  first?: string | null;
  second?: string | null;
}

/** How long each of the two texts shows before the other fades in (ms); the fade takes 500 ms
 * (the spec's slide speed), set in catalog.module.css. */
export const BTN_FADE_INTERVAL_MS = 3000;

/** The texts to alternate under the buy button, or null when the field asks for nothing here.
 *
 * The spec names the fields only; we read them so: ``type`` 'text' is the one kind there is;
 * ``button`` names the buy-button label the texts belong to (e.g. 'Add to cart'), so they show
 * only while the button says that (not on 'Coming Soon' or 'Out of stock'); an empty
 * ``button`` means any label; ``first`` and ``second`` are the two texts (one alone is shown
 * still). */
export function btnFadeTexts(fields: unknown, buttonLabel: string): string[] | null {
  if (!fields || typeof fields !== 'object') return null;
  const f = fields as BtnFadeFields;
  if ((f.type ?? 'text') !== 'text') return null;
  if (f.button && f.button.trim() !== buttonLabel) return null;
  const texts = [f.first, f.second].map((t) => (typeof t === 'string' ? t.trim() : '')).filter(Boolean);
  return texts.length ? texts : null;
}

/** Two short selling points under the buy button that take turns, cross-fading every
 * BTN_FADE_INTERVAL_MS. Screen readers get both texts once (the turning copy is aria-hidden),
 * and with prefers-reduced-motion both show side by side and nothing moves. */
export function BtnFade({ texts }: { texts: string[] }) {
  const [shown, setShown] = useState(0);
  const still = texts.length < 2 || prefersReducedMotion();
  useEffect(() => {
    if (still) return undefined;
    const timer = window.setInterval(() => setShown((i) => (i + 1) % texts.length), BTN_FADE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [still, texts.length]);
  if (still) {
    return <p className={styles.btnFade}>{texts.join(' · ')}</p>;
  }
  return (
    <p className={styles.btnFade} data-testid="btn-fade">
      <span className="visually-hidden">{texts.join('. ')}</span>
      {texts.map((text, i) => (
        <span key={text} aria-hidden="true" className={styles.btnFadeText} data-shown={i === shown ? 'true' : 'false'}>
          {text}
        </span>
      ))}
    </p>
  );
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
