// A company identity provider as far as enterprise-managed authorization needs one, on loopback:
// its metadata and published keys, and the ID-JAGs it would issue after its policy allowed an
// agent to act for a person (and, as a platform would, a workload's JWT) (SEP-990, draft-ietf-oauth-identity-assertion-authz-grant). The token
// exchange that precedes them is the agent's business with the IdP; Toolscope only sees the result.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";

export type IdJagClaims = {
  sub: string;
  email?: string;
  client_id: string;
  resource: string;
  audience: string;
  scope?: string;
  jti?: string;
  /** Seconds from now; negative for an expired one. */
  expiresIn?: number;
  typ?: string;
};

export type TestIdp = {
  issuer: string;
  /** An ID-JAG signed with the IdP's published key (or, `forged`, with a key it never published). */
  idJag(claims: IdJagClaims, options?: { forged?: boolean }): Promise<string>;
  /** A workload's JWT as a platform issues one (a Kubernetes projected service-account token, say). */
  workloadJwt(claims: { sub: string; audience: string; expiresIn?: number }): Promise<string>;
  close(): Promise<void>;
};

export async function startIdJagIdp(): Promise<TestIdp> {
  const published = await generateKeyPair("ES256");
  const stranger = await generateKeyPair("ES256");
  const jwk: JWK = { ...(await exportJWK(published.publicKey)), kid: "idp-1", alg: "ES256", use: "sig" };
  let issuer = "";
  const server = http.createServer((req, res) => {
    const json = (body: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.url === "/.well-known/openid-configuration")
      return json({ issuer, jwks_uri: `${issuer}/jwks`, token_endpoint: `${issuer}/token`, response_types_supported: ["code"] });
    if (req.url === "/jwks") return json({ keys: [jwk] });
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    async idJag(claims, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        client_id: claims.client_id,
        resource: claims.resource,
        ...(claims.email ? { email: claims.email } : {}),
        ...(claims.scope ? { scope: claims.scope } : {}),
      })
        .setProtectedHeader({ alg: "ES256", kid: "idp-1", typ: claims.typ ?? "oauth-id-jag+jwt" })
        .setIssuer(issuer)
        .setSubject(claims.sub)
        .setAudience(claims.audience)
        .setIssuedAt(now)
        .setExpirationTime(now + (claims.expiresIn ?? 120))
        .setJti(claims.jti ?? crypto.randomUUID())
        .sign(options.forged ? stranger.privateKey : published.privateKey);
    },
    async workloadJwt(claims) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: "ES256", kid: "idp-1", typ: "JWT" })
        .setIssuer(issuer)
        .setSubject(claims.sub)
        .setAudience(claims.audience)
        .setIssuedAt(now)
        .setExpirationTime(now + (claims.expiresIn ?? 3600))
        .sign(published.privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
