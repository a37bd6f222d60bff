import type { ComponentType } from 'react';
import type { Block } from '@/types/api';

export type { Block };

export interface BlockProps<T extends Block = Block> {
  block: T;
  /** Position on the page; the first block loads its images eagerly. */
  index: number;
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
