import { useEffect, useState, type MouseEvent } from 'react';
import type { BlockProps } from '../types';
import { useAnchorJump } from '../hooks/useAnchorJump';
import { useStaffViewer } from '../hooks/useStaffViewer';
import { anchorId, currentAnchor, type Anchor } from '../model/anchors';
import styles from './blocks.module.css';

/**
 * The anchor menu (docs/spec.md section 2): one link per anchor marker; a click
 * scrolls smoothly so the marker sits 130 px from the top (179 px for admin
 * or reviewer viewers), keeps it there while blocks above load (useAnchorJump)
 * and moves focus there. The link of the section in view
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

  const jump = useAnchorJump(staff);
  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    jump(target);
    target.focus({ preventScroll: true });
    setCurrent(id);
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
