/**
 * Quick-info fields and layout rules (docs/spec.md section 2): image_placement top,
 * bottom, left, right or background (default background); under 600 px window
 * width left and right become top; image max height 560 px, or half the window
 * width for top and bottom; text_alignment default left; background_color
 * default transparent; image_styles applied safely.
 */
import type { CSSProperties } from 'react';
import type { Block, ImageRef } from '../types';
import { readImage, text } from '../components/fields';
import { parseInlineStyles, safeColor } from './styles';

export const PLACEMENTS = ['top', 'bottom', 'left', 'right', 'background'] as const;
export type Placement = (typeof PLACEMENTS)[number];
export const ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;
export type Alignment = (typeof ALIGNMENTS)[number];

export const QUICK_INFO = {
  defaultPlacement: 'background' as Placement,
  defaultAlignment: 'left' as Alignment,
  defaultBackground: 'transparent',
  /** Below this window width left and right placement become top. */
  stackBelowPx: 600,
  maxImageHeightPx: 560,
} as const;

export interface QuickInfoFields {
  title: string;
  text: string;
  image: ImageRef | null;
  video: string;
  placement: Placement;
  imageStyle: CSSProperties;
  textAlignment: Alignment;
  textColor: string | undefined;
  backgroundColor: string;
}

const oneOf = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T => {
  const v = typeof value === 'string' ? (value.trim().toLowerCase() as T) : fallback;
  return allowed.includes(v) ? v : fallback;
};

export function quickInfoFields(block: Block): QuickInfoFields {
  const title = text(block.title);
  return {
    title,
    text: text(block.text),
    image: readImage(block.image, title),
    video: text(block.video).trim(),
    placement: oneOf(PLACEMENTS, block.image_placement, QUICK_INFO.defaultPlacement),
    imageStyle: parseInlineStyles(block.image_styles),
    textAlignment: oneOf(ALIGNMENTS, block.text_alignment, QUICK_INFO.defaultAlignment),
    textColor: safeColor(block.text_color),
    backgroundColor: safeColor(block.background_color, QUICK_INFO.defaultBackground)!,
  };
}

/** The placement used at this window width: left and right become top under 600 px. */
export function placementAt(placement: Placement, windowWidth: number): Placement {
  return (placement === 'left' || placement === 'right') && windowWidth < QUICK_INFO.stackBelowPx ? 'top' : placement;
}

/** Image max height in px: half the window width for top and bottom, else 560. */
export function imageMaxHeight(placement: Placement, windowWidth: number): number {
  return placement === 'top' || placement === 'bottom' ? Math.round(windowWidth / 2) : QUICK_INFO.maxImageHeightPx;
}
