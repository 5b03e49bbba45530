// The site's two themes as a visitor's system asks for them (prefers-color-scheme, which the site follows live; the
// theme toggle sets the same tokens): the layout and accessibility journeys check every page in both.
import { expect, type Page } from '@playwright/test';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Switches the page's system theme to `theme` and waits until the page sees it (its media queries match). */
export async function switchSystemTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect.poll(() => page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), { message: `${theme} theme` }).toBe(theme === 'dark');
}
