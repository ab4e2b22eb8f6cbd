import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/chromium";
const base = process.env.BASE ?? "http://127.0.0.1:3000";
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const pages: [string, string, "light"|"dark"][] = JSON.parse(process.argv[2]);
for (const [url, name, scheme] of pages) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: scheme });
  await page.goto(base + url); await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/${name}.png` });
  await page.close();
}
await browser.close();
