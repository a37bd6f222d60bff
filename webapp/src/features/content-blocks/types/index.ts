import type { ComponentType } from 'react';
import type { Block } from '@/types/api';

export type { Block };

export interface BlockProps<T extends Block = Block> {
  block: T;
  /** Position on the page (the first block's title is the page's h1). */
  index: number;
  /**
   * True for the page's first image-bearing block only (`model/images.ts`): its image loads
   * eagerly with fetchpriority="high"; every other block's images load lazily.
   */
  priority?: boolean;
}

export type BlockComponent = ComponentType<BlockProps>;

export interface ImageRef {
  src: string;
  alt: string;
  width?: number;
  height?: number;
}

export interface LinkRef {
  url: string;
  title?: string;
}
