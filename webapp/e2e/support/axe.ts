import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * An axe-core scan of `page`, as `new AxeBuilder({ page })`, run in the page itself (axe's
 * `axe.run`, the builder's "legacy mode") when the page has no frame other than the document:
 * the builder's default runs `axe.runPartial` in every frame, then opens a blank page, injects
 * axe-core again there and joins the results in it (`axe.finishRun`), which is only needed to
 * reach into cross-origin frames and took about twice as long per scan (1.3-1.8 s against
 * 0.6-1.2 s on the demo's pages, the same violations, passes and incomplete checks). A page
 * with a frame (the video player after Play) gets the default, so its frame is scanned too.
 */
export function axeScan(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1);
}
