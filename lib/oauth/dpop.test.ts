// DPoP (RFC 9449) as Toolscope decides and keeps it: asked for only where both the MCP server and
// its authorization server take it; the key is kept with the tokens bound to it, and any process
// (or a later refresh) signs with that same key. The flows themselves (token request proofs,
// nonces, the DPoP scheme at the MCP server) are judged end to end by the conformance suite's
// auth/dpop and auth/dpop-nonce (test/conformance); an authorization server that offers DPoP in
// front of a Bearer-only server (oidc-provider's default) by lib/mcp/oauth-authorization.test.ts.
import { calculateJwkThumbprint, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, jwtVerify } from "jose";
import type { StoredOAuthTokens } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { challengeScheme, dpopAlgFor, dpopSessionFor, newDpopKey, resourceTakesDpop, withBoundDpop, type StoredDpopKey } from "./dpop";

describe("DPoP", () => {
  it("is asked for only where the authorization server advertises an algorithm Toolscope signs with", () => {
    expect(dpopAlgFor(undefined)).toBeUndefined();
    expect(dpopAlgFor({ issuer: "https://as.example" })).toBeUndefined();
    expect(dpopAlgFor({ dpop_signing_alg_values_supported: ["HS256"] })).toBeUndefined();
    expect(dpopAlgFor({ dpop_signing_alg_values_supported: ["RS256", "ES256"] })).toBe("ES256");
    expect(dpopAlgFor({ dpop_signing_alg_values_supported: ["PS256"] })).toBe("PS256");
  });

  it("is asked for only where the MCP server takes it: its metadata says so, or it challenges with the DPoP scheme", () => {
    const challenge = (header: string) => challengeScheme(new Response(null, { status: 401, headers: { "WWW-Authenticate": header } }));
    expect(challenge('DPoP resource_metadata="https://mcp.example/.well-known/oauth-protected-resource"')).toBe("dpop");
    expect(challenge('Bearer scope="mcp"')).toBe("bearer");
    expect(challengeScheme(new Response(null, { status: 401 }))).toBeUndefined();
    expect(resourceTakesDpop(undefined, false)).toBe(false);
    expect(resourceTakesDpop({ resource: "https://mcp.example/mcp" }, false)).toBe(false);
    expect(resourceTakesDpop({ resource: "https://mcp.example/mcp" }, true)).toBe(true);
    expect(resourceTakesDpop({ dpop_bound_access_tokens_required: true }, false)).toBe(true);
    expect(resourceTakesDpop({ dpop_signing_alg_values_supported: ["ES256"] }, false)).toBe(true);
  });

  it("makes a key that can be sealed into the grant, and signs with a stored key read back elsewhere", async () => {
    const { key } = await newDpopKey("ES256");
    expect(key.privateJwk.d).toBeTypeOf("string");
    expect(key.publicJwk.d).toBeUndefined();
    expect(await calculateJwkThumbprint(key.publicJwk, "sha256")).toBe(key.thumbprint);

    // A key this process never made, as another process (or a restart) reads it from the grant.
    const pair = await generateKeyPair("ES256", { extractable: true });
    const publicJwk = await exportJWK(pair.publicKey);
    const stored = {
      alg: "ES256" as const,
      privateJwk: await exportJWK(pair.privateKey),
      publicJwk,
      thumbprint: await calculateJwkThumbprint(publicJwk),
    };
    const session = await dpopSessionFor(JSON.parse(JSON.stringify(stored)) as typeof stored);
    expect(session.thumbprint).toBe(stored.thumbprint);
    const proof = await session.buildProof({ htm: "post", htu: "https://as.example/token?x=1" });
    const header = decodeProtectedHeader(proof);
    expect(header).toMatchObject({ typ: "dpop+jwt", alg: "ES256" });
    expect(header.jwk).toEqual(publicJwk);
    const { payload } = await jwtVerify(proof, pair.publicKey);
    expect(payload).toMatchObject({ htm: "POST", htu: "https://as.example/token" });
  });

  it("presents a DPoP-bound token with the DPoP scheme and a fresh proof, and leaves Bearer tokens alone", async () => {
    const seen: Headers[] = [];
    const next = async (_input: string | URL, init?: RequestInit): Promise<Response> => {
      seen.push(new Headers(init?.headers));
      return new Response("{}", { status: 200 });
    };
    let held: { tokens?: StoredOAuthTokens; key?: StoredDpopKey } = {};
    const send = withBoundDpop({ tokens: async () => held.tokens, boundDpopKey: async () => held.key }, next);
    const bearerInit = { method: "POST", headers: { Authorization: "Bearer plain" } };

    held = { tokens: { access_token: "plain", token_type: "Bearer" } };
    await send("https://mcp.example/mcp", bearerInit);
    expect(seen.at(-1)?.get("authorization")).toBe("Bearer plain");
    expect(seen.at(-1)?.has("dpop")).toBe(false);

    const { key } = await newDpopKey("ES256");
    held = { tokens: { access_token: "bound", token_type: "DPoP" }, key };
    await send("https://mcp.example/mcp?session=1", bearerInit);
    await send("https://mcp.example/mcp?session=1", bearerInit);
    const [first, second] = seen.slice(-2);
    expect(first?.get("authorization")).toBe("DPoP bound");
    const proofs = [first?.get("dpop"), second?.get("dpop")];
    expect(proofs[0]).toBeTypeOf("string");
    expect(proofs[0]).not.toBe(proofs[1]);
    const { payload } = await jwtVerify(proofs[0]!, await importJWK(key.publicJwk, "ES256"));
    expect(payload).toMatchObject({ htm: "POST", htu: "https://mcp.example/mcp" });
    expect(payload.ath).toBeTypeOf("string");
  });
});
