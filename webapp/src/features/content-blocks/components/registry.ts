/**
 * Layout name (`acf_fc_layout`) -> component. Later issues add layouts
 * (quick_info, tech_specs, reviews, videos, gallery, faq, ...) with registerBlock.
 */
import type { BlockComponent } from '../types';
import { HeroImage } from './HeroImage';
import { HtmlBlock } from './HtmlBlock';
import { InfoBox } from './InfoBox';
import { Promo } from './Promo';
import { TextRow } from './TextRow';

const registry = new Map<string, BlockComponent>([
  ['hero_image', HeroImage],
  ['text_row', TextRow],
  ['info_box', InfoBox],
  ['html', HtmlBlock],
  ['promo', Promo],
]);

export function registerBlock(layout: string, component: BlockComponent): void {
  registry.set(layout, component);
}

export function blockComponent(layout: string): BlockComponent | undefined {
  return registry.get(layout);
}
