import { describe, expect, it } from "vitest";
import { allowedHostnames, guardRequest, isLoopbackAddress, isLoopbackHost, type GuardInput } from "./request-guard";

type Overrides = Partial<Omit<GuardInput, "headers">> & { headers?: Record<string, string> };

function check({ headers, ...overrides }: Overrides): ReturnType<typeof guardRequest> {
  return guardRequest({
    method: "GET",
    peerAddress: "127.0.0.1",
    allowedHosts: allowedHostnames(undefined),
    localOnly: true,
    ...overrides,
    headers: new Headers({ host: "127.0.0.1:3000", ...headers }),
  });
}

const local = { ok: true };

describe("guardRequest", () => {
  it("answers loopback hosts and refuses others (DNS rebinding)", () => {
    expect(check({})).toEqual(local);
    expect(check({ headers: { host: "localhost:3000" } })).toEqual(local);
    expect(check({ headers: { host: "[::1]:3000" } })).toEqual(local);
    expect(check({ headers: { host: "evil.example:3000" } })).toMatchObject({ ok: false, status: 403, code: "forbidden:host" });
    const noHost = guardRequest({
      method: "GET",
      headers: new Headers(),
      peerAddress: "127.0.0.1",
      allowedHosts: allowedHostnames(undefined),
      localOnly: true,
    });
    expect(noHost).toMatchObject({ ok: false, code: "forbidden:host" });
  });

  it("answers any Host on probes and scrapes once hosted, never in local mode", () => {
    const podAddress = { host: "10.1.2.3:3000" };
    expect(check({ anyHost: true, localOnly: false, peerAddress: "10.0.0.9", headers: podAddress })).toEqual(local);
    expect(check({ anyHost: true, localOnly: true, headers: podAddress })).toMatchObject({ ok: false, code: "forbidden:host" });
    expect(check({ anyHost: false, localOnly: false, peerAddress: "10.0.0.9", headers: podAddress })).toMatchObject({
      ok: false,
      code: "forbidden:host",
    });
  });

  it("accepts extra hosts from TOOLSCOPE_ALLOWED_HOSTS", () => {
    const allowedHosts = allowedHostnames(" toolscope.internal , other ");
    expect(check({ allowedHosts, headers: { host: "toolscope.internal" } })).toEqual(local);
  });

  it("in local mode, answers only loopback peers, whatever Host they claim", () => {
    expect(check({ peerAddress: "10.0.0.7" })).toMatchObject({ ok: false, status: 403, code: "forbidden:peer" });
    expect(check({ peerAddress: "::ffff:192.168.1.2" })).toMatchObject({ ok: false, code: "forbidden:peer" });
    expect(check({ peerAddress: undefined })).toMatchObject({ ok: false, code: "forbidden:peer" });
    expect(check({ peerAddress: "::1" })).toMatchObject({ ok: true });
    expect(check({ peerAddress: "::ffff:127.0.0.1" })).toMatchObject({ ok: true });
    // With accounts or a token, a remote peer may ask (and must then prove who it is: lib/auth/identify.ts).
    expect(check({ peerAddress: "10.0.0.7", localOnly: false })).toEqual({ ok: true });
  });

  it("refuses cross-origin mutating requests, allows same-origin ones and scripts without Origin", () => {
    expect(check({ method: "POST", headers: { origin: "https://evil.example" } })).toMatchObject({ ok: false, code: "forbidden:origin" });
    expect(check({ method: "POST", headers: { origin: "null" } })).toMatchObject({ ok: false, code: "forbidden:origin" });
    expect(check({ method: "DELETE", headers: { "sec-fetch-site": "cross-site" } })).toMatchObject({ ok: false, code: "forbidden:origin" });
    expect(check({ method: "POST", headers: { origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" } })).toEqual(local);
    expect(check({ method: "POST" })).toEqual(local);
    expect(check({ method: "GET", headers: { origin: "https://evil.example" } })).toEqual(local);
  });

  it("refuses a foreign page's POST to sign in, as to anything else that changes something", () => {
    expect(check({ method: "POST", localOnly: false, headers: { origin: "https://evil.example" } })).toMatchObject({
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
