// Which addresses Toolscope may connect to on someone's behalf (MCP server URLs, their
// redirects and SSE endpoints, icons). Hosted, only public addresses, plus the ranges and
// host names the operator allow-lists; on a developer's own machine, loopback and private
// networks too. Cloud metadata endpoints are refused in both unless allow-listed by address.
import ipaddr from "ipaddr.js";
import { CLASS_LABELS, classifyAddress, effectiveAddress, parseAddress, type AddressClass } from "./address-class";

export type OutboundPolicy = {
  /** "hosted" or "local": what the refusal message names. */
  posture: "hosted" | "local";
  refused: ReadonlySet<AddressClass>;
  ranges: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];
  /** Exact host names (lower case), and suffixes written `*.example.com` kept as `.example.com`. */
  hosts: readonly string[];
  /** The allow-list as written, for messages. */
  allowList: readonly string[];
};

const HOSTED_REFUSED: AddressClass[] = ["loopback", "private", "link-local", "multicast", "unspecified", "cloud-metadata", "reserved"];
const LOCAL_REFUSED: AddressClass[] = ["multicast", "cloud-metadata"];

/** Thrown (as the cause of a fetch failure) when a connection is refused; its message says why and how to allow it. */
export class OutboundRefusedError extends Error {
  readonly addressClass: AddressClass;
  constructor(message: string, addressClass: AddressClass) {
    super(message);
    this.name = "OutboundRefusedError";
    this.addressClass = addressClass;
  }
}

/** A problem with one allow-list entry, reported at start-up. */
export function allowEntryProblem(entry: string): string | undefined {
  if (entry.includes("/")) {
    try {
      ipaddr.parseCIDR(entry);
      return undefined;
    } catch {
      return `"${entry}" is not a CIDR range`;
    }
  }
  if (parseAddress(entry)) return undefined;
  return /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i.test(entry)
    ? undefined
    : `"${entry}" is not an address, a CIDR range or a host name`;
}

export function outboundPolicy(posture: "hosted" | "local", allowList: readonly string[] = []): OutboundPolicy {
  const ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  const hosts: string[] = [];
  for (const entry of allowList) {
    if (allowEntryProblem(entry)) continue;
    if (entry.includes("/")) ranges.push(ipaddr.parseCIDR(entry));
    else {
      const address = parseAddress(entry);
      if (address) ranges.push([address, address.kind() === "ipv4" ? 32 : 128]);
      else
        hosts.push(
          entry
            .toLowerCase()
            .replace(/\.$/, "")
            .replace(/^\*(?=\.)/, ""),
        );
    }
  }
  return { posture, refused: new Set(posture === "hosted" ? HOSTED_REFUSED : LOCAL_REFUSED), ranges, hosts, allowList };
}

function inRanges(policy: OutboundPolicy, address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  const candidates = [address, effectiveAddress(address)];
  return policy.ranges.some(([range, bits]) => candidates.some((a) => a.kind() === range.kind() && a.match(range, bits)));
}

/** Whether the operator allow-listed this host name (exactly, or under a `*.` suffix). */
export function hostAllowed(policy: OutboundPolicy, hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return policy.hosts.some((h) => (h.startsWith(".") ? host.endsWith(h) && host.length > h.length : host === h));
}

/**
 * Refuses an address `hostname` resolved to (or is), unless its class is allowed by the
 * policy or the operator allow-listed it. Throws OutboundRefusedError.
 */
export function checkAddress(policy: OutboundPolicy, hostname: string, addressText: string): void {
  const address = parseAddress(addressText);
  if (!address) throw new OutboundRefusedError(`Toolscope could not read the address "${addressText}" of ${hostname}.`, "reserved");
  const kind = classifyAddress(address);
  if (!policy.refused.has(kind) || inRanges(policy, address) || hostAllowed(policy, hostname)) return;
  const shown = address.toString();
  const via = hostname.replace(/^\[|\]$/g, "") === addressText || parseAddress(hostname) ? "" : ` (${hostname} resolves to it)`;
  throw new OutboundRefusedError(
    `Toolscope does not connect to ${shown}, ${CLASS_LABELS[kind]}${via}, on someone's behalf${
      policy.posture === "hosted" ? " when hosted" : ""
    }. An operator can allow it with TOOLSCOPE_OUTBOUND_ALLOW (an address, a CIDR range or a host name).`,
    kind,
  );
}
