import { expect, type Page } from '@playwright/test';

/**
 * Layout checks shared by e2e/responsive.spec.ts, e2e/a11y.spec.ts and support/visit.ts (docs/spec.md sections
 * 2 and 9): no sideways scroll at a width, and the mobile header at 980 px and below.
 */

/** How far the page scrolls sideways (px; 0 or less is right: `scrollWidth` against the
 * viewport without its scrollbar), and the innermost elements sticking out. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && el.getClientRects().length > 0)
      .filter((el) => ![...el.children].some((child) => child.getBoundingClientRect().right > width + 1))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${Math.round(el.getBoundingClientRect().right)}`);
    return { extra: document.documentElement.scrollWidth - width, culprits };
  });

/** Fails when the page scrolls sideways, naming `where` and the elements that stick out. */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  const { extra, culprits } = await overflow(page);
  expect(extra, `${where} scrolls sideways by ${extra} px:\n${culprits.join('\n')}`).toBeLessThanOrEqual(0);
}

/** docs/spec.md section 9: the mobile header at 980 px and below, the desktop one above. */
export async function expectHeaderFor(page: Page, width: number) {
  if (width <= 980) {
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  } else {
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  }
}
