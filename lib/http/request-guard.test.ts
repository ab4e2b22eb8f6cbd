import { describe, expect, it } from "vitest";
import { sessionValue } from "@/lib/auth/session-token";
import { allowedHostnames, guardRequest, isLoopbackAddress, isLoopbackHost, type GuardInput } from "./request-guard";

type Overrides = Partial<Omit<GuardInput, "headers">> & { headers?: Record<string, string> };

function check({ headers, ...overrides }: Overrides): ReturnType<typeof guardRequest> {
  return guardRequest({
    method: "GET",
    pathname: "/api/servers",
    peerAddress: "127.0.0.1",
    allowedHosts: allowedHostnames(undefined),
    apiToken: undefined,
    ...overrides,
    headers: new Headers({ host: "127.0.0.1:3000", ...headers }),
  });
}

const local = { ok: true, caller: { actor: "local", clientIp: "127.0.0.1" } };

describe("guardRequest", () => {
  it("answers loopback hosts and refuses others (DNS rebinding)", () => {
    expect(check({})).toEqual(local);
    expect(check({ headers: { host: "localhost:3000" } })).toEqual(local);
    expect(check({ headers: { host: "[::1]:3000" } })).toEqual(local);
    expect(check({ headers: { host: "evil.example:3000" } })).toMatchObject({ ok: false, status: 403, code: "forbidden:host" });
    const noHost = guardRequest({
      method: "GET",
      pathname: "/",
      headers: new Headers(),
      peerAddress: "127.0.0.1",
      allowedHosts: allowedHostnames(undefined),
      apiToken: undefined,
    });
    expect(noHost).toMatchObject({ ok: false, code: "forbidden:host" });
  });

  it("accepts extra hosts from TOOLSCOPE_ALLOWED_HOSTS", () => {
    const allowedHosts = allowedHostnames(" toolscope.internal , other ");
    expect(check({ allowedHosts, headers: { host: "toolscope.internal" } })).toEqual(local);
  });

  it("without a token, answers only loopback peers, whatever Host they claim", () => {
    expect(check({ peerAddress: "10.0.0.7" })).toMatchObject({ ok: false, status: 403, code: "forbidden:peer" });
    expect(check({ peerAddress: "::ffff:192.168.1.2" })).toMatchObject({ ok: false, code: "forbidden:peer" });
    expect(check({ peerAddress: undefined })).toMatchObject({ ok: false, code: "forbidden:peer" });
    expect(check({ peerAddress: "::1" })).toMatchObject({ ok: true });
    expect(check({ peerAddress: "::ffff:127.0.0.1" })).toMatchObject({ ok: true });
    // With a token, a remote peer may ask, and must prove it knows the token.
    expect(check({ peerAddress: "10.0.0.7", apiToken: "t0ken", headers: { authorization: "Bearer t0ken" } })).toEqual({
      ok: true,
      caller: { actor: "api-token", clientIp: "10.0.0.7" },
    });
  });

  it("refuses cross-origin mutating requests, allows same-origin ones and scripts without Origin", () => {
    expect(check({ method: "POST", headers: { origin: "https://evil.example" } })).toMatchObject({ ok: false, code: "forbidden:origin" });
    expect(check({ method: "POST", headers: { origin: "null" } })).toMatchObject({ ok: false, code: "forbidden:origin" });
    expect(check({ method: "DELETE", headers: { "sec-fetch-site": "cross-site" } })).toMatchObject({ ok: false, code: "forbidden:origin" });
    expect(check({ method: "POST", headers: { origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" } })).toEqual(local);
    expect(check({ method: "POST" })).toEqual(local);
    expect(check({ method: "GET", headers: { origin: "https://evil.example" } })).toEqual(local);
  });

  it("requires the API token or a signed-in session when one is set; no forgeable header lets anyone in", () => {
    const apiToken = "s3cret-token";
    expect(check({ apiToken })).toMatchObject({ ok: false, status: 401, code: "unauthorized:token" });
    expect(check({ apiToken, headers: { authorization: "Bearer wrong-token!" } })).toMatchObject({ ok: false, status: 401 });
    expect(check({ apiToken, headers: { authorization: "Bearer s3cret-token" } })).toMatchObject({
      ok: true,
      caller: { actor: "api-token" },
    });
    // Sec-Fetch-Site and Origin are set by browsers, but any script can send them too.
    expect(check({ apiToken, headers: { "sec-fetch-site": "same-origin", origin: "http://127.0.0.1:3000" } })).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(check({ apiToken, sessionCookie: sessionValue(apiToken) })).toMatchObject({ ok: true, caller: { actor: "signed-in browser" } });
    expect(check({ apiToken, sessionCookie: sessionValue(apiToken).toUpperCase() })).toMatchObject({ ok: false, status: 401 });
    expect(check({ apiToken, sessionCookie: sessionValue("another token") })).toMatchObject({ ok: false, status: 401 });
  });

  it("sends a browser that is not signed in to /login, and keeps the way in open", () => {
    const apiToken = "s3cret-token";
    expect(check({ apiToken, pathname: "/servers/demo", returnTo: "/servers/demo?q=x" })).toEqual({
      ok: false,
      status: 302,
      code: "unauthorized:token",
      location: "/login?next=%2Fservers%2Fdemo%3Fq%3Dx",
    });
    expect(check({ apiToken, pathname: "/login" })).toMatchObject({ ok: true, caller: { actor: "anonymous" } });
    expect(check({ apiToken, pathname: "/_next/static/chunks/app.js" })).toMatchObject({ ok: true });
    expect(check({ apiToken, pathname: "/api/session", method: "POST" })).toMatchObject({ ok: true });
    expect(check({ apiToken, pathname: "/api/health" })).toMatchObject({ ok: true });
    // Signing in is still a mutating request: a foreign page cannot post to it.
    expect(check({ apiToken, pathname: "/api/session", method: "POST", headers: { origin: "https://evil.example" } })).toMatchObject({
      ok: false,
      code: "forbidden:origin",
    });
  });

  it("tells loopback addresses and host names from others", () => {
    for (const address of ["127.0.0.1", "127.8.9.1", "::1", "::ffff:127.0.0.1"]) expect(isLoopbackAddress(address)).toBe(true);
    for (const address of ["10.0.0.1", "::ffff:10.0.0.1", "0.0.0.0", "::", "", undefined]) expect(isLoopbackAddress(address)).toBe(false);
    for (const host of ["127.0.0.1", "localhost", "::1", "[::1]"]) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ["0.0.0.0", "::", "toolscope.internal"]) expect(isLoopbackHost(host)).toBe(false);
  });
});
