// What every page must be (STYLE.md): no serious or critical axe finding, a <main> landmark, and
// nothing that scrolls sideways on a phone, in light and in dark. Used by the accessibility tour
// (accessibility.spec.ts) and by specs that check a page in a state only they reach.
import AxeBuilder from "@axe-core/playwright";
import { type Page } from "@playwright/test";
import { expect } from "./test";

export const THEMES = ["light", "dark"] as const;

/**
 * Waits for every colour change under way to end: a theme switched a moment ago fades its colours
 * (transition-colors), and axe measuring contrast mid-fade reads grey text on a grey background
 * that no one ever sees settled. Endless animations (a spinner) are not waited for.
 */
async function transitionsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    // getAnimations() brings styles up to date first, so a fade the last change started is in it.
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** The serious and critical findings on the page as it is now, one line each, with where. */
export async function seriousFindings(page: Page): Promise<string[]> {
  await transitionsSettled(page);
  // Legacy mode runs axe.run in the page (frames answer it by postMessage), where the default opens
  // a blank page for every scan to gather the frames' results in: three to four times as long on
  // two cores. Only violations are wanted, so axe keeps no details of what passed.
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1).join(" ").trim()}`),
    );
}

/** At a laptop's width and at a phone's (390 px): axe finds nothing serious, nothing scrolls sideways. */
export async function expectAccessible(page: Page, name: string, theme: (typeof THEMES)[number]): Promise<void> {
  await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  await expect(page.getByRole("main"), `${name} has a <main> landmark`).toHaveCount(1);
  const wide = page.viewportSize() ?? { width: 1280, height: 720 };
  expect.soft(await seriousFindings(page), `${name} in ${theme}`).toEqual([]);
  await page.setViewportSize({ width: 390, height: 800 });
  try {
    await expect.soft
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
        message: `${name} in ${theme} scrolls sideways at 390 px`,
        timeout: 20_000,
      })
      .toBeLessThanOrEqual(0);
    expect.soft(await seriousFindings(page), `${name} in ${theme} at 390 px`).toEqual([]);
  } finally {
    await page.setViewportSize(wide);
  }
}

/**
 * expectAccessible in light, then in dark, on the page as it is now: the page follows the system's
 * colour scheme (emulated here) while it is open, so a state reached once is checked in both.
 */
export async function expectAccessibleInBothThemes(page: Page, name: string): Promise<void> {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await expectAccessible(page, name, theme);
  }
}
