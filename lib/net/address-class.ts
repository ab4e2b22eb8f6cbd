// What kind of address an IP is, for the outbound request guard. Spellings that resolvers and
// URL parsers accept (decimal `2130706433`, octal `0177.0.0.1`, hex `0x7f.1`, short `127.1`,
// IPv4-mapped and NAT64/6to4 IPv6 that embed an IPv4 address) are classified as the address
// they reach, never as written.
import ipaddr from "ipaddr.js";

export type AddressClass = "public" | "loopback" | "private" | "link-local" | "multicast" | "unspecified" | "cloud-metadata" | "reserved";

/**
 * Instance metadata endpoints of the big clouds: AWS, GCP, Azure, OpenStack (IPv4); AWS ECS;
 * Alibaba; Oracle; Azure's WireServer (a public address, reachable from every Azure VM); AWS IPv6.
 */
const METADATA = new Set(["169.254.169.254", "169.254.170.2", "100.100.100.200", "192.0.0.192", "168.63.129.16", "fd00:ec2::254"]);

/** NAT64's local-use prefix (RFC 8215): where its IPv4 address sits depends on the prefix length, so it is never believed. */
const LOCAL_NAT64 = ipaddr.parseCIDR("64:ff9b:1::/48");

const V4_CLASSES: Record<string, AddressClass> = {
  unicast: "public",
  loopback: "loopback",
  private: "private",
  carrierGradeNat: "private",
  linkLocal: "link-local",
  multicast: "multicast",
  unspecified: "unspecified",
  broadcast: "reserved",
};

const V6_CLASSES: Record<string, AddressClass> = {
  unicast: "public",
  loopback: "loopback",
  uniqueLocal: "private",
  linkLocal: "link-local",
  multicast: "multicast",
  unspecified: "unspecified",
};

/** The address as ipaddr.js reads it (any spelling), brackets allowed around IPv6; null when it is not an IP. */
export function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  // A zone id (fe80::1%eth0) names a link-local address on an interface.
  const unzoned = bare.replace(/%.*$/, "");
  if (!ipaddr.isValid(unzoned)) return null;
  try {
    return ipaddr.parse(unzoned);
  } catch {
    return null;
  }
}

/** The IPv4 address an IPv6 address carries (mapped, NAT64, 6to4), if it carries one. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = address.range();
  const bytes = address.toByteArray();
  if (range === "ipv4Mapped" || range === "rfc6145" || range === "rfc6052") return ipaddr.fromByteArray(bytes.slice(12)) as ipaddr.IPv4;
  if (range === "6to4") return ipaddr.fromByteArray(bytes.slice(2, 6)) as ipaddr.IPv4;
  // ::a.b.c.d, the deprecated IPv4-compatible form, still routes to the IPv4 address on some stacks.
  if (bytes.slice(0, 12).every((b) => b === 0) && !bytes.slice(12).every((b) => b === 0) && range !== "loopback")
    return ipaddr.fromByteArray(bytes.slice(12)) as ipaddr.IPv4;
  return null;
}

/** The address an outbound connection to `address` would really reach, normalised. */
export function effectiveAddress(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  if (address.kind() === "ipv6") return embeddedIPv4(address as ipaddr.IPv6) ?? address;
  return address;
}

export function classifyAddress(address: ipaddr.IPv4 | ipaddr.IPv6): AddressClass {
  if (address.kind() === "ipv6" && address.match(LOCAL_NAT64)) return "reserved";
  const reached = effectiveAddress(address);
  if (METADATA.has(reached.toString())) return "cloud-metadata";
  const range = reached.range();
  if (reached.kind() === "ipv4") return V4_CLASSES[range] ?? "reserved";
  // Teredo and the rest of the special IPv6 blocks are never a public MCP server.
  return V6_CLASSES[range] ?? "reserved";
}

export const CLASS_LABELS: Record<AddressClass, string> = {
  public: "a public address",
  loopback: "a loopback address",
  private: "a private network address",
  "link-local": "a link-local address",
  multicast: "a multicast address",
  unspecified: "the unspecified address",
  "cloud-metadata": "a cloud metadata address",
  reserved: "a reserved address",
};
