// Playwright's test and expect, with one rule for every browser test: a page that violates
// Toolscope's Content-Security-Policy fails the test. Every context a test uses is watched,
// the default one and any it makes with browser.newContext().
import { test as base, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";

export { expect };

const LISTENER = `addEventListener("securitypolicyviolation", (e) => console.error("[csp-violation] " + e.effectiveDirective + " blocked " + (e.blockedURI || "inline") + " at " + (e.sourceFile || "?") + ":" + e.lineNumber), true);`;

async function watch(context: BrowserContext, found: string[]): Promise<void> {
  await context.addInitScript(LISTENER);
  const onPage = (page: Page): void => {
    page.on("console", (message) => {
      const text = message.text();
      if (text.includes("[csp-violation]") || /Content Security Policy/i.test(text)) found.push(`${page.url()}: ${text}`);
    });
  };
  context.pages().forEach(onPage);
  context.on("page", onPage);
}

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ browser, context }, provide) => {
      const found: string[] = [];
      await watch(context, found);
      const newContext = browser.newContext.bind(browser);
      (browser as { newContext: Browser["newContext"] }).newContext = async (options) => {
        const created = await newContext(options);
        await watch(created, found);
        return created;
      };
      try {
        await provide(found);
      } finally {
        (browser as { newContext: Browser["newContext"] }).newContext = newContext;
      }
      expect(found, "Content-Security-Policy violations on the pages this test opened").toEqual([]);
    },
    { auto: true },
  ],
});
