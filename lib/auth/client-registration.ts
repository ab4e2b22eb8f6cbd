import "server-only";
// Dynamic client registration (RFC 7591) is open to anyone: an MCP client registers itself
// before a person is asked anything. So it is limited like everything else anyone may do: per
// client address (REGISTRATIONS_PER_HOUR, shared by every replica on PostgreSQL), and in size,
// since what a client registers is stored, and its name is shown on a person's consent page. A
// refusal is in RFC 7591's own error shape (§3.2.2), so a client can say why.
import { limiterKey, sharedLimiter } from "@/lib/cluster/shared-limiter";

export const REGISTRATIONS_PER_HOUR = 20;
/** The most a registration may hold. MCP clients send well under 2 KB. */
export const MAX_REGISTRATION_BYTES = 16_384;
export const MAX_CLIENT_NAME = 200;
/** Any one value (a URI, say) at most. */
export const MAX_METADATA_VALUE = 2_000;
const MAX_LIST = 10;

function refusal(status: number, description: string, headers: Record<string, string> = {}): Response {
  const error = status === 429 ? "slow_down" : "invalid_client_metadata";
  return Response.json({ error, error_description: description }, { status, headers: { "cache-control": "no-store", ...headers } });
}

/** What in a registration's metadata is too large, in words; null when it all fits. */
export function oversizedMetadata(metadata: unknown): string | null {
  if (typeof metadata !== "object" || metadata === null || Array.isArray(metadata)) return null;
  for (const [field, value] of Object.entries(metadata)) {
    if (field === "client_name" && typeof value === "string" && value.length > MAX_CLIENT_NAME)
      return `client_name is ${value.length} characters long; at most ${MAX_CLIENT_NAME} are accepted.`;
    if (typeof value === "string" && value.length > MAX_METADATA_VALUE)
      return `${field} is ${value.length} characters long; at most ${MAX_METADATA_VALUE} are accepted.`;
    if (Array.isArray(value)) {
      if (value.length > MAX_LIST) return `${field} lists ${value.length} values; at most ${MAX_LIST} are accepted.`;
      const long = value.find((item) => typeof item === "string" && item.length > MAX_METADATA_VALUE);
      if (long !== undefined) return `A value of ${field} is longer than ${MAX_METADATA_VALUE} characters.`;
    }
  }
  return null;
}

function registrations() {
  return sharedLimiter({ table: "rate_limit_sign_in_address", points: REGISTRATIONS_PER_HOUR, duration: 3_600 });
}

/**
 * Why this registration is refused before better-auth stores anything, as the answer to send;
 * null to let it through. Every attempt from an address counts, refused or not.
 */
export async function registrationRefusal(request: Request, clientIp: string | null): Promise<Response | null> {
  const counted = await (await registrations()).consume(limiterKey(`register:${clientIp ?? "unknown"}`)).then(
    () => null,
    (state: { msBeforeNext?: number }) => Math.max(1, Math.ceil((state.msBeforeNext ?? 60_000) / 1000)),
  );
  if (counted !== null)
    return refusal(429, `Too many client registrations from this address. Try again in ${Math.ceil(counted / 60)} minute(s).`, {
      "retry-after": String(counted),
    });
  const text = await request.clone().text();
  if (Buffer.byteLength(text) > MAX_REGISTRATION_BYTES)
    return refusal(400, `The registration is ${Buffer.byteLength(text)} bytes; at most ${MAX_REGISTRATION_BYTES} are accepted.`);
  let metadata: unknown;
  try {
    metadata = JSON.parse(text);
  } catch {
    // Not JSON: better-auth answers that in its own words.
    return null;
  }
  const oversized = oversizedMetadata(metadata);
  return oversized ? refusal(400, oversized) : null;
}

/** A client's name as a page shows it: one registered before the limit is cut short. */
export function shownClientName(name: string): string {
  return name.length > MAX_CLIENT_NAME ? `${name.slice(0, MAX_CLIENT_NAME)}…` : name;
}
