// Takes the README's screenshot from a running Toolscope (npm start):
//   node scripts/screenshot.mjs [http://127.0.0.1:3000] [docs/screenshot.png]
import { chromium } from "@playwright/test";

const [base = "http://127.0.0.1:3000", out = "docs/screenshot.png"] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, colorScheme: "light" });
  await page.goto(`${base}/servers/demo/tools/get_weather`);
  await page.getByTestId("tool-panel").waitFor();
  await page
    .getByTestId("tool-panel")
    .getByLabel(/^city\*?$/)
    .fill("Lisbon");
  await page.getByTestId("run-button").click();
  await page.getByTestId("output-verdict").waitFor();
  await page.screenshot({ path: out });
  console.log(`Saved ${out}`);
} finally {
  await browser.close();
}
