import "server-only";
// The address a request came from, for throttles and the audit log's client_ip. By default the
// socket's peer. Behind a reverse proxy that peer is the proxy for everyone, so an operator names
// the proxies to trust (TOOLSCOPE_TRUSTED_PROXIES) and the header they set
// (TOOLSCOPE_CLIENT_IP_HEADER): a forwarded address is believed only when the request came
// through a trusted proxy. X-Forwarded-For is read by `proxy-addr` (Express's), right to left,
// stopping at the first address that is not a trusted proxy; a one-address header (X-Real-IP,
// CF-Connecting-IP) is taken when the peer is trusted and it holds an IP address.
// The request guard's own checks (a loopback peer in local mode) keep using the socket's peer.
import type http from "node:http";
import ipaddr from "ipaddr.js";
import proxyaddr from "proxy-addr";
import { appConfig } from "@/lib/config/env";
import { processWide } from "@/lib/process-wide";

export type ClientAddressSetting = { trustedProxies: string[]; header: string };

type Resolver = (request: http.IncomingMessage) => string | null;

/** Throws on an entry proxy-addr cannot read (an address, a CIDR range, or loopback/linklocal/uniquelocal). */
export function clientAddressResolver(setting: ClientAddressSetting): Resolver {
  const peer = (request: http.IncomingMessage): string | null => request.socket.remoteAddress ?? null;
  if (setting.trustedProxies.length === 0) return peer;
  const trust = proxyaddr.compile(setting.trustedProxies);
  const header = setting.header.toLowerCase();
  if (header === "x-forwarded-for") {
    return (request) => (request.socket.remoteAddress ? proxyaddr(request, trust) : null);
  }
  return (request) => {
    const from = peer(request);
    if (!from || !trust(from, 0)) return from;
    const raw = request.headers[header];
    const value = (Array.isArray(raw) ? raw.at(-1) : raw)?.split(",").at(-1)?.trim() ?? "";
    return ipaddr.isValid(value) ? value : from;
  };
}

const state = processWide("client-address", () => ({ resolver: undefined as Resolver | undefined }));

/** The request's client address under this process's configuration. */
export function clientAddress(request: http.IncomingMessage): string | null {
  state.resolver ??= clientAddressResolver(appConfig().clientAddress);
  return state.resolver(request);
}
