// Which address a request is counted and audited under: the socket's peer, unless that peer is
// a trusted proxy, and then the client its header names (never a forwarded address from anyone else).
import type http from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddressResolver } from "./client-address";

function request(peer: string, headers: Record<string, string> = {}): http.IncomingMessage {
  return { socket: { remoteAddress: peer }, connection: { remoteAddress: peer }, headers } as unknown as http.IncomingMessage;
}

describe("clientAddressResolver", () => {
  it("without trusted proxies, is the peer whatever the headers say", () => {
    const resolve = clientAddressResolver({ trustedProxies: [], header: "x-forwarded-for" });
    expect(resolve(request("203.0.113.9", { "x-forwarded-for": "198.51.100.1" }))).toBe("203.0.113.9");
  });

  it("believes X-Forwarded-For only through a trusted proxy, right to left up to the first untrusted hop", () => {
    const resolve = clientAddressResolver({ trustedProxies: ["10.0.0.0/8"], header: "x-forwarded-for" });
    // Through the proxy: the address it saw, not one the client wrote in front of it.
    expect(resolve(request("10.0.0.2", { "x-forwarded-for": "6.6.6.6, 198.51.100.7" }))).toBe("198.51.100.7");
    // Two trusted hops.
    expect(resolve(request("10.0.0.2", { "x-forwarded-for": "198.51.100.7, 10.0.0.3" }))).toBe("198.51.100.7");
    // Straight from the internet, the header is a lie.
    expect(resolve(request("203.0.113.9", { "x-forwarded-for": "198.51.100.7" }))).toBe("203.0.113.9");
    // A trusted proxy that forwarded nothing: itself.
    expect(resolve(request("10.0.0.2"))).toBe("10.0.0.2");
  });

  it("reads a one-address header (X-Real-IP) from a trusted proxy, and ignores one that is not an address", () => {
    const resolve = clientAddressResolver({ trustedProxies: ["loopback"], header: "X-Real-IP" });
    expect(resolve(request("127.0.0.1", { "x-real-ip": "198.51.100.7" }))).toBe("198.51.100.7");
    expect(resolve(request("127.0.0.1", { "x-real-ip": "not-an-address" }))).toBe("127.0.0.1");
    expect(resolve(request("203.0.113.9", { "x-real-ip": "198.51.100.7" }))).toBe("203.0.113.9");
  });
});
