// A hostile server: script-injection attempts in every string Toolscope shows (names,
// titles, markdown, schemas, icons, instructions, results, errors). Whatever page shows
// them, no payload may run, and no javascript: (or other script-capable) URL may become a
// link or an image source. The payloads set window.__pwned or call alert().
import { expect, test } from "./test";
import { type Page } from "@playwright/test";
import { stdioCommand } from "../test/fixtures/spawn";
import { Workbench } from "./pages/workbench";

const SERVER = "hostile";
// The fixture's tools whose names use characters the spec advises against (lint flags them).
const ODD_NAMES = [`<img src=x onerror=window.__pwned=1>`, `a"b'c<d>&e`, "50%_off", "space and ümlaut 🔥"];
const IMG_PAYLOAD = `<img src=x onerror="window.__pwned=1;alert(document.domain)">`;

declare global {
  interface Window {
    __pwned?: unknown;
    __reportPwned?: (value: string) => void;
  }
}

test.beforeAll(async ({ request }) => {
  expect((await request.post("/api/servers", { data: { id: SERVER, ...stdioCommand("hostile.ts", "stdio") } })).status()).toBe(201);
});
test.afterAll(async ({ request }) => {
  await request.delete(`/api/servers/${SERVER}`);
});

/** Records every dialog and every write to window.__pwned, on every page the test loads. */
async function watchForPayloads(page: Page): Promise<string[]> {
  const fired: string[] = [];
  page.on("dialog", (dialog) => {
    fired.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  await page.exposeFunction("__reportPwned", (value: string) => fired.push(`window.__pwned = ${value}`));
  await page.addInitScript(() => {
    let value: unknown;
    Object.defineProperty(window, "__pwned", {
      configurable: true,
      get: () => value,
      set: (next: unknown) => {
        value = next;
        window.__reportPwned?.(String(next));
      },
    });
  });
  return fired;
}

/** No payload ran, and nothing in the page could run one later: no on* attribute, no script URL. */
async function expectNothingRan(page: Page, fired: string[], where: string): Promise<void> {
  expect(fired, `payloads fired on ${where}`).toEqual([]);
  expect(await page.evaluate(() => window.__pwned), `window.__pwned on ${where}`).toBeUndefined();
  const dangers = await page.evaluate(() => {
    const found: string[] = [];
    const scriptUrl = /^\s*(javascript|vbscript|data:text\/html)/i;
    for (const el of document.querySelectorAll("*")) {
      for (const attr of el.attributes) {
        if (/^on/i.test(attr.name)) found.push(`<${el.localName} ${attr.name}="${attr.value}">`);
        if (/^(href|src|xlink:href|action|formaction|data|poster|srcdoc)$/i.test(attr.name) && scriptUrl.test(attr.value))
          found.push(`<${el.localName} ${attr.name}="${attr.value}">`);
      }
      // (Next's own inline scripts carry server data, payloads included, as JSON strings: not code.)
      if (el.localName === "script" && /^window\.__pwned/.test(el.textContent?.trim() ?? "")) found.push("<script> with the payload");
      if (el.localName === "img" && el.getAttribute("src") === "x") found.push('<img src="x">');
      if (el.localName === "iframe") found.push("<iframe>");
    }
    return found;
  });
  expect(dangers, `dangerous markup on ${where}`).toEqual([]);
}

test("script in a server's names, titles, markdown, icons, instructions and results never runs", async ({ page }) => {
  // Eight pages and two runs: 25-50 s on two shared cores, so the limit leaves room to spare.
  test.setTimeout(150_000);
  const fired = await watchForPayloads(page);
  const bench = new Workbench(page);

  // The catalog: every tool listed, payloads shown as text; the SVG icon only through <img>.
  await bench.open(SERVER);
  await expect(bench.count).toHaveText("8 tools");
  await expect(bench.item("inject")).toContainText(`Inject ${IMG_PAYLOAD}`);
  await expect(bench.item("annotated")).toContainText(`Annotated ${IMG_PAYLOAD}`);
  for (const name of ODD_NAMES) await expect(bench.items.filter({ hasText: name })).toHaveCount(1);
  const icon = bench.item("inject").getByTestId("tool-icon").locator("img:visible");
  await expect(icon).toHaveAttribute("src", /^data:image\/svg\+xml;base64,/);
  await expect(bench.item("script_icon").getByTestId("tool-icon-placeholder")).toBeVisible();
  await expect(page.locator("object, embed, iframe, svg script")).toHaveCount(0);
  await expectNothingRan(page, fired, "the catalog");

  // Ctrl+K lists names and titles too.
  await page.keyboard.press("Control+k");
  await page.keyboard.type("inject");
  await expect(page.getByTestId("command-palette")).toContainText("Inject <img");
  await page.keyboard.press("Escape");
  await expectNothingRan(page, fired, "the command palette");

  // The tool's page: markdown description with raw HTML, schemas, the form.
  await bench.item("inject").click();
  const panel = page.getByTestId("tool-panel");
  await expect(page.getByTestId("tool-title")).toHaveText(/^Inject <img src=x onerror=.*<\/script>$/);
  await expect(panel).toContainText("Raw HTML: <script>window.__pwned=1;alert(document.domain)</script>");
  await expect(panel).toContainText("[x](javascript:alert(1))");
  await expect(panel).toContainText("[pwn](javascript:window.__pwned=1)");
  // Links do render, but only to http(s) and mailto targets.
  await expect(panel.locator('a[href="http://127.0.0.1/safe"]')).toHaveText("a safe link");
  await expect(panel.getByRole("link", { name: /^(x|pwn|mixed case|vb|data|raw anchor)$/ })).toHaveCount(0);
  const details = page.getByTestId("tool-details");
  for (const section of [/^Annotations/, /^Input schema$/, /^Output schema$/]) await details.getByRole("button", { name: section }).click();
  await expect(page.getByTestId("output-schema")).toContainText("<img src=x onerror=");
  await expect(panel.getByLabel(/^Text <img src=x onerror=/)).toHaveValue(/^<img src=x onerror=.*<\/script>$/);
  await expectNothingRan(page, fired, "the tool's page");

  // Running it: the confirm dialog, progress, a markdown result, a resource link to a
  // javascript: URI (read through the server, never followed), an SVG image, a resource.
  await bench.run();
  await expect(bench.result).toHaveAttribute("data-status", "ok");
  await expect(page.getByTestId("content-markdown")).toContainText("[x](javascript:alert(1))");
  await expect(page.getByTestId("content-markdown").locator('a[href="http://127.0.0.1/safe"]')).toBeVisible();
  const link = page.getByTestId("content-resource-link");
  await expect(link).toContainText("javascript:window.__pwned=1;alert(document.domain)");
  await expect(link.locator("a")).toHaveCount(0);
  await link.getByTestId("open-resource").click();
  await expect(page.getByTestId("resource-contents")).toContainText("Contents <img src=x onerror=");
  await expect(page.getByTestId("content-image")).toHaveAttribute("src", /^data:image\/svg\+xml;base64,/);
  await expect(page.getByTestId("content-resource-text")).toContainText("<script>window.__pwned=1");
  await expectNothingRan(page, fired, "the result");

  // A JSON-RPC error whose message carries a payload.
  await bench.item("refuse").click();
  await expect(page.getByTestId("tool-title")).toHaveText("refuse");
  await bench.run();
  await expect(bench.result).toContainText("Refused <img src=x onerror=");
  await expectNothingRan(page, fired, "the error");

  // Tools whose names are payloads or awkward characters open on their own page.
  for (const name of ODD_NAMES) {
    await bench.items.filter({ hasText: name }).click();
    await expect(page.getByTestId("tool-title")).toHaveText(name);
  }
  await expectNothingRan(page, fired, "the tool pages of odd names");

  // The server overview: server info and markdown instructions.
  await page.goto(`/servers/${SERVER}`);
  const overview = page.getByTestId("server-overview");
  await expect(overview.locator("h1")).toHaveText(/^Hostile <img src=x onerror=/);
  await expect(overview.getByRole("heading", { name: /^Heading <img src=x onerror=/ })).toBeVisible();
  await expect(overview).toContainText("[pwn](javascript:window.__pwned=1)");
  await expectNothingRan(page, fired, "the server overview");

  // The all-servers view and the audit log show the same strings.
  await page.goto("/tools");
  await page.getByTestId("all-filter").fill(`${SERVER}/inject`);
  await expect(page.getByTestId("all-count")).toHaveText(/^1 of \d+ tools/);
  await page.goto("/audit");
  const audited = page.getByTestId("audit-row").filter({ hasText: SERVER }).filter({ hasText: "inject" });
  await expect(audited.first()).toContainText("<img src=x onerror=");
  await expectNothingRan(page, fired, "the all-servers view and the audit log");
});
