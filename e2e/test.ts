// Playwright's test and expect, with one rule for every browser test: a page that violates
// Toolscope's Content-Security-Policy, or is served without one, fails the test. Every context a test uses is watched,
// the default one and any it makes with browser.newContext().
import { test as base, expect, type Browser, type BrowserContext, type ConsoleMessage, type Page, type Response } from "@playwright/test";
import { sharedToolscopeUrl } from "./shared-toolscope";

export { expect };

// Not in an MCP App's own document (about:srcdoc in a frame of another origin than the page's:
// Toolscope's sandbox): see below. A srcdoc frame on Toolscope's own origin is still watched.
const LISTENER = `const inApp = location.href === "about:srcdoc" && location.ancestorOrigins.length > 1 && location.ancestorOrigins[0] !== location.ancestorOrigins[location.ancestorOrigins.length - 1]; addEventListener("securitypolicyviolation", (e) => !inApp && console.error("[csp-violation] " + e.effectiveDirective + " blocked " + (e.blockedURI || "inline") + " at " + (e.sourceFile || "?") + ":" + e.lineNumber), true);`;

const TOOLSCOPE_PAGE =
  /^https?:\/\/127\.0\.0\.1:\d+\/(servers|tools|audit|approvals|agents|login|account|people|saved|oauth\/(?:consent|error))?([/?#]|$)/;

/** Watches `context` for this test; what it returns stops watching (a reused context outlives the test). */
async function watch(context: BrowserContext, found: string[]): Promise<() => void> {
  await context.addInitScript(LISTENER);
  const listeners = new Map<Page, (message: ConsoleMessage) => void>();
  const onPage = (page: Page): void => {
    const onConsole = (message: ConsoleMessage): void => {
      // An MCP App's own document (in Toolscope's sandbox, lib/apps/) is untrusted content under
      // the CSP it declared: what that policy blocks there is the sandbox working, not a fault.
      // (Chromium's own message names no frame; the listener above still reports a srcdoc frame
      // on Toolscope's origin.)
      if (message.location().url.startsWith("about:srcdoc")) return;
      const text = message.text();
      if (text.includes("[csp-violation]") || /Content Security Policy/i.test(text)) found.push(`${page.url()}: ${text}`);
    };
    listeners.set(page, onConsole);
    page.on("console", onConsole);
  };
  // Every page Toolscope serves carries its CSP, with a nonce for its scripts.
  const onResponse = (response: Response): void => {
    // Toolscope's pages (the identity provider a test starts on loopback has pages of its own).
    if (response.request().resourceType() !== "document" || !TOOLSCOPE_PAGE.test(response.url())) return;
    if (response.status() >= 300 && response.status() < 400) return;
    const csp = response.headers()["content-security-policy"] ?? "";
    if (!/script-src [^;]*'nonce-[^']+'/.test(csp)) found.push(`${response.url()}: no Content-Security-Policy with a script nonce`);
  };
  context.pages().forEach(onPage);
  context.on("page", onPage);
  context.on("response", onResponse);
  return () => {
    context.off("page", onPage);
    context.off("response", onResponse);
    for (const [page, onConsole] of listeners) page.off("console", onConsole);
  };
}

export const test = base.extend<{ cspViolations: string[] }>({
  // This worker's own Toolscope (playwright.config.ts starts one per worker); a spec that starts
  // servers of its own points it elsewhere with test.use({ baseURL }).
  baseURL: async ({}, provide) => provide(sharedToolscopeUrl()),
  cspViolations: [
    async ({ browser, context }, provide) => {
      const found: string[] = [];
      const unwatch = await watch(context, found);
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
        unwatch();
      }
      expect(found, "Content-Security-Policy violations on the pages this test opened").toEqual([]);
    },
    { auto: true },
  ],
});
