// Toolscope started with TOOLSCOPE_API_TOKEN and no accounts: scripts need the bearer token,
// browsers sign in on /login to a session of their own, and no forgeable header (Sec-Fetch-Site,
// Origin) gets anyone in. Runs its own
// Toolscope on another port, stopped at the end.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./test";
import { startOwnToolscope, type OwnToolscope } from "./own-toolscope";
import { e2ePort } from "./ports";

const TOKEN = "e2e-token-0f8a1c";
const PORT = e2ePort("TOOLSCOPE_E2E_AUTH_PORT", 3190);
const BASE = `http://127.0.0.1:${PORT}`;
let server: OwnToolscope | undefined;
let dataDir = "";

test.beforeAll(async () => {
  test.setTimeout(60_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-auth-"));
  server = await startOwnToolscope({ port: PORT, dataDir, env: { TOOLSCOPE_API_TOKEN: TOKEN } });
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("scripts need the bearer token; forged browser headers do not replace it", async () => {
  expect((await fetch(`${BASE}/api/servers`)).status).toBe(401);
  const forged = await fetch(`${BASE}/api/servers`, { headers: { "sec-fetch-site": "same-origin", origin: BASE } });
  expect(forged.status).toBe(401);
  expect(await forged.json()).toMatchObject({ error: { code: "unauthorized:token" } });
  expect((await fetch(`${BASE}/api/servers`, { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
  expect((await fetch(`${BASE}/api/servers`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  // A made-up cookie is no session.
  expect((await fetch(`${BASE}/api/servers`, { headers: { cookie: "toolscope.session_token=guess.c2lnbmF0dXJl" } })).status).toBe(401);
});

/** A request whose path goes out exactly as written (fetch would resolve dot segments first). */
function raw(method: string, pathname: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { hostname: "127.0.0.1", port: PORT, path: pathname, method, headers: { "content-type": "application/json" } },
      (response) => {
        response.resume();
        resolve(response.statusCode!);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

test("a path Next would resolve elsewhere (dot segments under the public assets) gets nowhere", async () => {
  const entry = JSON.stringify({ id: "sneaky", command: "touch", args: ["/tmp/toolscope-should-not-exist"] });
  for (const pathname of [
    "/_next/static/../../api/servers",
    "/_next/static/%2e%2e/%2e%2e/api/servers",
    "/_next/static/..%2F..%2Fapi/servers",
  ]) {
    expect([302, 400, 401, 404]).toContain(await raw("GET", pathname));
    expect([400, 401, 404]).toContain(await raw("POST", pathname, entry));
  }
  const servers = await fetch(`${BASE}/api/servers`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(((await servers.json()) as { servers: { id: string }[] }).servers.map((s) => s.id)).not.toContain("sneaky");
});

test("a browser signs in with the token, comes back where it was going, and can sign out", async ({ page }) => {
  await page.goto(`${BASE}/servers`);
  await expect(page).toHaveURL(`${BASE}/login?next=%2Fservers`);
  await page.getByLabel("API token").fill("not-the-token");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("sign-in").getByRole("alert")).toContainText("not Toolscope's API token");

  await page.getByLabel("API token").fill(TOKEN);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${BASE}/servers`);
  // The page's own API calls now pass: the servers page loads its (empty) list.
  expect((await page.request.get(`${BASE}/api/servers`)).status()).toBe(200);
  const cookie = (await page.context().cookies(BASE)).find((c) => c.name === "toolscope.session_token");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  expect(cookie?.value).not.toContain(TOKEN);

  // The header hydrates after the page shows, and a click before that opens nothing: open the menu
  // once it can be opened (a click only while it says it is closed, so a slow one is not undone).
  await expect(async () => {
    const menu = page.getByTestId("person-menu");
    if ((await menu.getAttribute("aria-expanded")) !== "true") await menu.click();
    await expect(page.getByTestId("sign-out")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/\/login/);
  expect((await page.request.get(`${BASE}/api/servers`)).status()).toBe(401);
  // Signing out revoked the session on the server: the old cookie, replayed, is nobody.
  const replayed = await fetch(`${BASE}/api/servers`, { headers: { cookie: `${cookie!.name}=${cookie!.value}` } });
  expect(replayed.status).toBe(401);
});
