// Signing a person in with email and password, in a browser context of their own.
import { expect } from "./test";
import { type Browser, type Page } from "@playwright/test";

/**
 * Opens `next` on the Toolscope at `base`, which sends the browser to its sign-in page, signs in
 * and comes back to `next`. The sign-in form goes on with a full page load: this waits for that
 * load, so a click that follows lands on a page React has hydrated rather than on its HTML alone.
 */
export async function signInWithPassword(
  browser: Browser,
  base: string,
  email: string,
  password: string,
  next = "/servers",
): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${base}${next}`);
  await expect(page).toHaveURL(`${base}/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(`${base}${next}`, { waitUntil: "load" });
  return page;
}
