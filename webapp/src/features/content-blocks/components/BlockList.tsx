import type { Block } from '../types';
import { blockComponent } from './registry';

/** Renders content blocks in order by layout; unknown layouts render nothing. */
export function BlockList({ blocks, startIndex = 0 }: { blocks: Block[] | null | undefined; startIndex?: number }) {
  if (!Array.isArray(blocks) || blocks.length === 0) return null;
  return (
    <>
      {blocks.map((block, i) => {
        const Component = block && typeof block.acf_fc_layout === 'string' ? blockComponent(block.acf_fc_layout) : undefined;
        return Component ? <Component key={`${block.acf_fc_layout}-${i}`} block={block} index={startIndex + i} /> : null;
      })}
    </>
  );
}
