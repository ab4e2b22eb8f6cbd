// Icons at http(s) URLs are fetched by Toolscope's server and checked: a real image is
// shown, an HTML page or an oversized file is refused, a URL no tool lists is not fetched,
// and a javascript: icon is never used.
import { expect, test } from "./test";
import { startHttpFixture, type HttpFixture } from "../test/fixtures/spawn";
import { Workbench } from "./pages/workbench";

let fixture: HttpFixture;
let base: string;

test.beforeAll(async ({ request }) => {
  fixture = await startHttpFixture("remote-icons.ts", "http");
  base = fixture.url.replace(/\/mcp$/, "");
  expect((await request.post("/api/servers", { data: { id: "icons", type: "http", url: fixture.url } })).status()).toBe(201);
});
test.afterAll(async ({ request }) => {
  await request.delete("/api/servers/icons");
  await fixture?.stop();
});

const icon = (src: string): string => `/api/servers/icons/icon?src=${encodeURIComponent(src)}`;

test("the icon route serves listed images and refuses the rest", async ({ request }) => {
  await expect.poll(async () => (await (await request.get("/api/servers/icons")).json()).server.status).toBe("ready");
  const ok = await request.get(icon(`${base}/icons/ok.png`));
  expect(ok.status()).toBe(200);
  expect(ok.headers()["content-type"]).toBe("image/png");
  expect(ok.headers()["content-security-policy"]).toContain("default-src 'none'");
  expect(ok.headers()["x-content-type-options"]).toBe("nosniff");

  const html = await request.get(icon(`${base}/icons/page.html`));
  expect(html.status()).toBe(400);
  expect((await html.json()).error.message).toMatch(/"text\/html" is not an image type/);
  const huge = await request.get(icon(`${base}/icons/huge.png`));
  expect(huge.status()).toBe(400);
  expect((await huge.json()).error.message).toMatch(/limit is|larger than/);
  const unlisted = await request.get(icon("http://127.0.0.1:9/anything.png"));
  expect(unlisted.status()).toBe(404);
  const script = await request.get(icon("javascript:alert(1)"));
  expect(script.status()).toBe(400);
});

test("in the catalog, a good remote icon shows and the others fall back to a placeholder", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.open("icons");
  const good = bench.item("png_icon").getByTestId("tool-icon").locator("img:visible");
  await expect(good).toHaveCount(1);
  await expect.poll(() => good.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(32);
  for (const name of ["html_icon", "huge_icon", "script_icon"]) {
    await expect(bench.item(name).getByTestId("tool-icon-placeholder")).toBeVisible();
  }
});
