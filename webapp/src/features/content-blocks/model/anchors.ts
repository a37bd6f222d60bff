/**
 * Anchor markers and the anchor menu (docs/spec.md sections 2 and 9): the menu shows
 * when anchor_link markers exist; a click scrolls smoothly to the marker, which
 * lands 130 px from the top (179 px for admin or reviewer viewers, whose banner
 * takes the difference).
 */
import { ANCHOR_MENU_OFFSET_PX, STAFF_ANCHOR_MENU_OFFSET_PX } from '@/lib/staffRole';
import type { Block } from '../types';
import { text } from '../components/fields';

export const ANCHOR_OFFSET_PX = { visitor: ANCHOR_MENU_OFFSET_PX, staff: STAFF_ANCHOR_MENU_OFFSET_PX } as const;

export interface Anchor {
  id: string;
  title: string;
}

/** A marker's element id: letters, digits, '-' and '_' only; leading non-letters removed. */
export function anchorId(value: unknown): string {
  return text(value)
    .trim()
    .replace(/^#/, '')
    .replace(/\s+/g, '-')
    .replace(/[^A-Za-z0-9_-]/g, '')
    .replace(/^[^A-Za-z]+/, '')
    .slice(0, 64);
}

/** The anchors of a block list in order (first of each id; markers without an id or title are skipped). */
export function readAnchors(blocks: readonly Block[] | null | undefined): Anchor[] {
  const seen = new Set<string>();
  const anchors: Anchor[] = [];
  for (const block of blocks ?? []) {
    if (block?.acf_fc_layout !== 'anchor_link') continue;
    const id = anchorId(block.anchor ?? block.id ?? block.title);
    const title = text(block.title).trim() || text(block.anchor).trim();
    if (!id || !title || seen.has(id)) continue;
    seen.add(id);
    anchors.push({ id, title });
  }
  return anchors;
}

export function anchorOffset(staffViewer: boolean): number {
  return staffViewer ? ANCHOR_OFFSET_PX.staff : ANCHOR_OFFSET_PX.visitor;
}

/** Where to scroll so a marker whose box top is `markerTop` (viewport px) sits at the offset. */
export function anchorScrollTop(markerTop: number, scrollY: number, staffViewer: boolean): number {
  return Math.max(0, Math.round(markerTop + scrollY - anchorOffset(staffViewer)));
}

/** The anchor whose marker was passed last (scroll spy); null above the first one. */
export function currentAnchor(markerTops: readonly { id: string; top: number }[], staffViewer: boolean): string | null {
  let current: string | null = null;
  for (const { id, top } of markerTops) if (top - anchorOffset(staffViewer) <= 1) current = id;
  return current;
}
