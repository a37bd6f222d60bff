import { useEffect, useRef, useState, type MouseEvent } from 'react';
import type { BlockProps } from '../types';
import { useStaffViewer } from '../hooks/useStaffViewer';
import { anchorId, anchorScrollTop, currentAnchor, type Anchor } from '../model/anchors';
import styles from './blocks.module.css';

function smooth(): ScrollBehavior {
  const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reduce ? 'auto' : 'smooth';
}

/** After a jump, on-demand blocks above the marker may load and move it: re-align when scrolling ends, then once more. */
const REALIGN_AFTER_MS = [1000, 1800];

/**
 * The anchor menu (spec section 2): one link per anchor marker; a click
 * scrolls smoothly so the marker sits 130 px from the top (179 px for admin
 * or reviewer viewers) and moves focus there. The link of the section in view
 * is marked current.
 */
export function AnchorMenu({ anchors }: { anchors: Anchor[] }) {
  const staff = useStaffViewer();
  const [current, setCurrent] = useState<string | null>(null);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const tops = anchors.flatMap(({ id }) => {
        const el = document.getElementById(id);
        return el ? [{ id, top: el.getBoundingClientRect().top }] : [];
      });
      setCurrent(currentAnchor(tops, staff));
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [anchors, staff]);

  const realign = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => realign.current.forEach(clearTimeout), []);

  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    const place = (behavior: ScrollBehavior) => {
      const top = anchorScrollTop(target.getBoundingClientRect().top, window.scrollY, staff);
      if (behavior !== 'auto' || Math.abs(top - window.scrollY) > 2) window.scrollTo({ top, behavior });
    };
    place(smooth());
    target.focus({ preventScroll: true });
    setCurrent(id);
    realign.current.forEach(clearTimeout);
    realign.current = REALIGN_AFTER_MS.map((ms) => setTimeout(() => place('auto'), ms));
  };

  if (anchors.length === 0) return null;
  return (
    <nav className={styles.anchorMenu} aria-label="On this page" data-staff={staff || undefined}>
      <ul className={`container ${styles.anchorList}`}>
        {anchors.map((anchor) => (
          <li key={anchor.id}>
            <a href={`#${anchor.id}`} aria-current={current === anchor.id ? 'location' : undefined} onClick={(e) => go(e, anchor.id)}>
              {anchor.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** `anchor_link`: an invisible marker the anchor menu scrolls to (fields: anchor, title). */
export function AnchorMarker({ block }: BlockProps) {
  const id = anchorId(block.anchor ?? block.id ?? block.title);
  if (!id) return null;
  return <div id={id} className={styles.anchorMarker} tabIndex={-1} data-anchor-title={typeof block.title === 'string' ? block.title : undefined} />;
}
