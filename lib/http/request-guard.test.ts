import { describe, expect, it } from "vitest";
import { allowedHostnames, guardRequest, type GuardInput } from "./request-guard";

type Overrides = Partial<Omit<GuardInput, "headers">> & { headers?: Record<string, string> };

function check({ headers, ...overrides }: Overrides): ReturnType<typeof guardRequest> {
  return guardRequest({
    method: "GET",
    pathname: "/api/servers",
    allowedHosts: allowedHostnames(undefined),
    apiToken: undefined,
    ...overrides,
    headers: new Headers({ host: "127.0.0.1:3000", ...headers }),
  });
}

describe("guardRequest", () => {
  it("answers loopback hosts and refuses others (DNS rebinding)", () => {
    expect(check({})).toEqual({ ok: true });
    expect(check({ headers: { host: "localhost:3000" } })).toEqual({ ok: true });
    expect(check({ headers: { host: "[::1]:3000" } })).toEqual({ ok: true });
    expect(check({ headers: { host: "evil.example:3000" } })).toMatchObject({ ok: false, status: 403, code: "forbidden:host" });
    expect(
      guardRequest({
        method: "GET",
        pathname: "/",
        headers: new Headers(),
        allowedHosts: allowedHostnames(undefined),
        apiToken: undefined,
      }),
    ).toMatchObject({ ok: false });
  });

  it("accepts extra hosts from TOOLSCOPE_ALLOWED_HOSTS", () => {
    const allowedHosts = allowedHostnames(" toolscope.internal , other ");
    expect(check({ allowedHosts, headers: { host: "toolscope.internal" } })).toEqual({ ok: true });
  });

  it("refuses cross-origin mutating requests, allows same-origin ones and scripts without Origin", () => {
    expect(check({ method: "POST", headers: { origin: "https://evil.example" } })).toMatchObject({ ok: false, code: "forbidden:origin" });
    expect(check({ method: "POST", headers: { origin: "null" } })).toMatchObject({ ok: false, code: "forbidden:origin" });
    expect(check({ method: "DELETE", headers: { "sec-fetch-site": "cross-site" } })).toMatchObject({ ok: false, code: "forbidden:origin" });
    expect(check({ method: "POST", headers: { origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" } })).toEqual({ ok: true });
    expect(check({ method: "POST" })).toEqual({ ok: true });
    expect(check({ method: "GET", headers: { origin: "https://evil.example" } })).toEqual({ ok: true });
  });

  it("requires the API token or a signed-in session when one is set; no forgeable header lets anyone in", () => {
    const apiToken = "s3cret-token";
    const expectedSession = "abc123session";
    expect(check({ apiToken })).toMatchObject({ ok: false, status: 401, code: "unauthorized:token" });
    expect(check({ apiToken, headers: { authorization: "Bearer wrong-token!" } })).toMatchObject({ ok: false, status: 401 });
    expect(check({ apiToken, headers: { authorization: "Bearer s3cret-token" } })).toEqual({ ok: true });
    // Sec-Fetch-Site and Origin are set by browsers, but any script can send them too.
    expect(check({ apiToken, headers: { "sec-fetch-site": "same-origin", origin: "http://127.0.0.1:3000" } })).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(check({ apiToken, expectedSession, sessionCookie: "abc123session" })).toEqual({ ok: true });
    expect(check({ apiToken, expectedSession, sessionCookie: "abc123sessioN" })).toMatchObject({ ok: false, status: 401 });
    expect(check({ apiToken, expectedSession, sessionCookie: undefined })).toMatchObject({ ok: false, status: 401 });
  });

  it("sends a browser that is not signed in to /login, and keeps the way in open", () => {
    const apiToken = "s3cret-token";
    expect(check({ apiToken, pathname: "/servers/demo", returnTo: "/servers/demo?q=x" })).toEqual({
      ok: false,
      status: 302,
      code: "unauthorized:session",
      location: "/login?next=%2Fservers%2Fdemo%3Fq%3Dx",
    });
    expect(check({ apiToken, pathname: "/login" })).toEqual({ ok: true });
    expect(check({ apiToken, pathname: "/api/session", method: "POST" })).toEqual({ ok: true });
    expect(check({ apiToken, pathname: "/api/health" })).toEqual({ ok: true });
    // Signing in is still a mutating request: a foreign page cannot post to it.
    expect(check({ apiToken, pathname: "/api/session", method: "POST", headers: { origin: "https://evil.example" } })).toMatchObject({
      ok: false,
      code: "forbidden:origin",
    });
  });
});
