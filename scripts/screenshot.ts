// Takes the README's screenshot from a running Toolscope (npm start):
//   npx tsx scripts/screenshot.ts [http://127.0.0.1:3000] [docs/screenshot.png]
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium";

const [base = "http://127.0.0.1:3000", out = "docs/screenshot.png"] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, colorScheme: "light" });
  await page.goto(`${base}/servers/demo/tools/get_weather`);
  await page.getByTestId("tool-panel").waitFor();
  await page
    .getByTestId("tool-panel")
    .getByLabel(/^city\*?$/)
    .fill("Lisbon");
  await page.getByTestId("run-button").click();
  // get_weather is open-world, so Toolscope asks before running it.
  await page.getByTestId("confirm-run").click();
  await page.getByTestId("output-verdict").waitFor();
  await page.screenshot({ path: out });
  console.log(`Saved ${out}`);
} finally {
  await browser.close();
}
