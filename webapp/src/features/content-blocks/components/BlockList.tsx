import { Component as ReactComponent, Suspense, useMemo, type ReactNode } from 'react';
import type { Block } from '../types';
import { readAnchors } from '../model/anchors';
import { firstImageBlock } from '../model/images';
import { AnchorMenu } from './AnchorMenu';
import { Deferred } from './Deferred';
import { blockComponent, PENDING_HEIGHT } from './registry';

/** A block that fails (or whose code fails to load) renders nothing; the rest of the page stays. */
class BlockBoundary extends ReactComponent<{ layout: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.warn(`content block ${this.props.layout} failed`, error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Renders content blocks in order by layout (docs/spec.md section 2); unknown layouts
 * render nothing. On-demand layouts wait until they come near the viewport.
 * When the list has anchor markers, the anchor menu sits where the first
 * marker is.
 *
 * `imagePriority`: whether this list may hold the page's priority image (default: when it starts
 * the page, `startIndex` 0). Then its first image-bearing block loads its image eagerly with
 * fetchpriority="high" and all others lazily; a page passes false for a list that follows blocks
 * with an image (`hasImageBlock`).
 */
export function BlockList({
  blocks,
  startIndex = 0,
  imagePriority = startIndex === 0,
}: {
  blocks: Block[] | null | undefined;
  startIndex?: number;
  imagePriority?: boolean;
}) {
  const list = useMemo(() => (Array.isArray(blocks) ? blocks : []), [blocks]);
  const anchors = useMemo(() => readAnchors(list), [list]);
  const priorityAt = useMemo(() => (imagePriority ? firstImageBlock(list) : -1), [imagePriority, list]);
  if (list.length === 0) return null;
  const menuAt = anchors.length > 0 ? list.findIndex((b) => b?.acf_fc_layout === 'anchor_link') : -1;
  return (
    <>
      {list.map((block, i) => {
        const layout = block && typeof block.acf_fc_layout === 'string' ? block.acf_fc_layout : '';
        const Component = layout ? blockComponent(layout) : undefined;
        const pending = PENDING_HEIGHT[layout];
        const rendered = Component && <Component block={block} index={startIndex + i} priority={i === priorityAt} />;
        return (
          <BlockSlot key={`${layout}-${i}`} menu={i === menuAt ? <AnchorMenu anchors={anchors} /> : null}>
            {rendered && (
              <BlockBoundary layout={layout}>
                {pending === undefined ? (
                  rendered
                ) : (
                  <Deferred minHeight={pending}>
                    <Suspense fallback={<div aria-hidden="true" data-deferred="" style={{ minHeight: pending }} />}>{rendered}</Suspense>
                  </Deferred>
                )}
              </BlockBoundary>
            )}
          </BlockSlot>
        );
      })}
    </>
  );
}

function BlockSlot({ menu, children }: { menu: ReactNode; children: ReactNode }) {
  return (
    <>
      {menu}
      {children}
    </>
  );
}
