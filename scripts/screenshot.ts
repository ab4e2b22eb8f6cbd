// Takes the README's screenshot and the tool page at a phone's, a laptop's and a wide screen's
// width, from a running Toolscope (npm start):
//   npx tsx scripts/screenshot.ts [http://127.0.0.1:3000] [docs]
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium";

const [base = "http://127.0.0.1:3000", dir = "docs"] = process.argv.slice(2);

/** The weather tool with a result, as a first-time user sees it after one run. */
async function shoot(browser: Browser, width: number, height: number, colorScheme: "light" | "dark", out: string): Promise<void> {
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1, colorScheme });
  await page.goto(`${base}/servers/demo/tools/get_weather`);
  const panel = page.getByTestId("tool-panel");
  await panel.waitFor();
  await panel.getByLabel(/^city\*?$/).fill("Lisbon");
  await page.getByTestId("run-button").click();
  // get_weather is open-world: unless the server is trusted here, Toolscope asks first.
  const confirm = page.getByTestId("confirm-run");
  await Promise.race([confirm.waitFor().then(() => confirm.click()), page.getByTestId("output-verdict").waitFor()]);
  await page.getByTestId("output-verdict").waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: out });
  await page.close();
  console.log(`Saved ${out}`);
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  await shoot(browser, 1440, 900, "light", path.join(dir, "screenshot.png"));
  await shoot(browser, 390, 844, "light", path.join(dir, "screens", "tool-page-390.png"));
  await shoot(browser, 1280, 800, "dark", path.join(dir, "screens", "tool-page-1280-dark.png"));
  await shoot(browser, 1920, 1080, "light", path.join(dir, "screens", "tool-page-1920.png"));
} finally {
  await browser.close();
}
