import "server-only";
// DPoP (RFC 9449, SEP-1932): sender-constrained tokens. When the MCP server takes them (its
// protected resource metadata says so, or its 401 challenge uses the DPoP scheme) and its
// authorization server advertises DPoP, Toolscope asks for DPoP-bound tokens, and presents them
// with a fresh proof on every request. Both ends must say so: an authorization server that
// merely supports DPoP (oidc-provider does by default) in front of a server that only reads
// Bearer tokens would otherwise get tokens the server refuses. The protocol work is the SDK's (DpopSession signs proofs and keeps each origin's
// nonce; auth() signs token requests and retries a use_dpop_nonce; withDpop presents the token
// and retries a resource server's nonce challenge). What is Toolscope's: the key belongs to the
// grant it was bound in, so it is kept with the tokens, sealed at rest (oauth-store.ts), and
// every process and every refresh of that grant signs with it.
import {
  DPOP_SUPPORTED_ALGS,
  DpopSession,
  generateDpopKeyPair,
  withDpop,
  type FetchLike,
  type StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import { importJWK, type JWK } from "jose";
import { processWide } from "@/lib/process-wide";

type DpopAlg = (typeof DPOP_SUPPORTED_ALGS)[number];

/** A grant's DPoP key, as stored with its tokens. */
export type StoredDpopKey = { alg: DpopAlg; privateJwk: JWK; publicJwk: JWK; thumbprint: string };

/** Sessions by key thumbprint: one per key in a process, so that its nonces persist across requests. */
const sessions = processWide("oauth-dpop-sessions", () => new Map<string, Promise<DpopSession>>());
const MAX_SESSIONS = 1_000;

/** The algorithm to sign with when the authorization server's metadata advertises DPoP; ES256 first. */
export function dpopAlgFor(metadata: object | undefined): DpopAlg | undefined {
  const offered = (metadata as { dpop_signing_alg_values_supported?: unknown } | undefined)?.dpop_signing_alg_values_supported;
  if (!Array.isArray(offered) || offered.length === 0) return undefined;
  return DPOP_SUPPORTED_ALGS.find((alg) => offered.includes(alg));
}

/** The scheme of a 401's WWW-Authenticate challenge, lower-cased ("bearer", "dpop"). */
export function challengeScheme(response: Response): string | undefined {
  return /^\s*([A-Za-z0-9!#$%&'*+.^_`|~-]+)/.exec(response.headers.get("www-authenticate") ?? "")?.[1]?.toLowerCase();
}

/** Whether the MCP server takes DPoP-bound tokens (RFC 9728 metadata, or its challenge). */
export function resourceTakesDpop(resourceMetadata: object | undefined, challengedWithDpop: boolean): boolean {
  const metadata = resourceMetadata as
    { dpop_bound_access_tokens_required?: unknown; dpop_signing_alg_values_supported?: unknown } | undefined;
  return (
    challengedWithDpop ||
    metadata?.dpop_bound_access_tokens_required === true ||
    (Array.isArray(metadata?.dpop_signing_alg_values_supported) && metadata.dpop_signing_alg_values_supported.length > 0)
  );
}

/** A new key for a new grant, with its session. Extractable only so that it can be sealed into the grant. */
export async function newDpopKey(alg: DpopAlg): Promise<{ key: StoredDpopKey; session: DpopSession }> {
  const pair = await generateDpopKeyPair({ alg, extractable: true });
  const privateJwk = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JWK;
  const key: StoredDpopKey = { alg, privateJwk, publicJwk: pair.publicJwk, thumbprint: pair.thumbprint };
  const session = DpopSession.create({ alg, keyPair: pair });
  remember(key.thumbprint, session);
  return { key, session: await session };
}

function remember(thumbprint: string, session: Promise<DpopSession>): void {
  if (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
  sessions.set(thumbprint, session);
}

/** The session for a stored key (imported once per process, not extractable once imported). */
export function dpopSessionFor(key: StoredDpopKey): Promise<DpopSession> {
  const known = sessions.get(key.thumbprint);
  if (known) return known;
  const session = (async () => {
    const [privateKey, publicKey] = await Promise.all([
      importJWK(key.privateJwk, key.alg, { extractable: false }),
      importJWK(key.publicJwk, key.alg),
    ]);
    return DpopSession.create({
      alg: key.alg,
      keyPair: {
        privateKey: privateKey as CryptoKey,
        publicKey: publicKey as CryptoKey,
        publicJwk: key.publicJwk,
        thumbprint: key.thumbprint,
        alg: key.alg,
      },
    });
  })();
  remember(key.thumbprint, session);
  session.catch(() => sessions.delete(key.thumbprint));
  return session;
}

/** Where a connection's requests find the tokens to send and the key they are bound to. */
export type BoundTokens = { tokens(): Promise<StoredOAuthTokens | undefined>; boundDpopKey(): Promise<StoredDpopKey | undefined> };

/**
 * The fetch a connection's transport sends MCP requests through: a DPoP-bound token goes out with
 * the DPoP scheme and a proof for that very request; a Bearer token passes untouched. Asked per
 * request: a new authorization may bind a new key.
 */
export function withBoundDpop(source: BoundTokens, next: FetchLike): FetchLike {
  const bound = async () => {
    const tokens = await source.tokens();
    if (tokens?.token_type?.toLowerCase() !== "dpop") return undefined;
    const key = await source.boundDpopKey();
    return key ? { key, token: tokens.access_token } : undefined;
  };
  return withDpop(
    async () => {
      const found = await bound();
      return found ? dpopSessionFor(found.key) : undefined;
    },
    async () => (await bound())?.token,
  )(next);
}
