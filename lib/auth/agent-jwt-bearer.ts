import "server-only";
// The RFC 7523 JWT bearer grant at Toolscope's authorization server, for agents: the assertion is
// an ID-JAG from the company's identity provider (agent-id-jag.ts), or a workload's platform JWT
// (agent-workload.ts), told apart by the ID-JAG's own `typ`. Either way the agent then acts as one
// person, exactly as if they had allowed it on the consent page. An extension grant of
// better-auth's OAuth provider: its dispatch, client authentication and token minting.
import type { BetterAuthPlugin } from "better-auth";
import { extendOAuthProvider, type OAuthExtensionGrantHandler } from "@better-auth/oauth-provider";
import { decodeProtectedHeader } from "jose";
import { appConfig } from "@/lib/config/env";
import { gatewayResource } from "./agent-oauth";
import { grantedScopes, ID_JAG_TYPE, refuse, standingGrant, verifiedIdJag } from "./agent-id-jag";
import { verifiedWorkload } from "./agent-workload";
import { personForAssertion } from "./id-jag-person";

export const JWT_BEARER_GRANT = "urn:ietf:params:oauth:grant-type:jwt-bearer";

type Sources = { idJag: string | undefined; workloads: ReturnType<typeof appConfig>["agentWorkloads"] };

function grantHandler(sources: Sources): OAuthExtensionGrantHandler {
  return async (input) => {
    const { ctx, provider } = input;
    const body = ctx.body as { scope?: unknown; assertion?: unknown } | undefined;
    // A public agent sends only its client_id; a confidential one its secret as well, and it is checked.
    const { clientId, client } = await provider.authenticateClient({ requireCredentials: false });
    const assertion = body?.assertion;
    if (typeof assertion !== "string" || assertion.length === 0)
      refuse("The JWT bearer grant needs an assertion (an ID-JAG, or a workload's JWT).", "invalid_request");
    let typ: string | undefined;
    try {
      typ = decodeProtectedHeader(assertion).typ;
    } catch {
      refuse("The assertion is not a JWT.");
    }
    const viaIdJag = typ === ID_JAG_TYPE || !sources.workloads;
    if (viaIdJag && !sources.idJag) refuse("This Toolscope takes no ID-JAGs: no identity provider is configured for agents.");
    const { payload, person, issuer } = viaIdJag
      ? await (async () => {
          const verified = await verifiedIdJag(input, sources.idJag!, clientId);
          return { payload: verified, person: await personForAssertion(sources.idJag!, verified), issuer: sources.idJag! };
        })()
      : { ...(await verifiedWorkload(sources.workloads!, assertion)), issuer: sources.workloads!.issuer };
    const scopes = grantedScopes(body?.scope, payload.scope);
    if (!person)
      refuse("The person this ID-JAG names has no Toolscope account (or signs in elsewhere): they sign in to Toolscope once first.");
    if (person.banned) refuse(`${person.name}'s Toolscope account is disabled.`);
    const user = await ctx.context.internalAdapter.findUserById(person.id);
    if (!user) refuse("The person the assertion names is no longer known.");
    await standingGrant(input, {
      userId: person.id,
      clientId,
      clientName: client.name ?? clientId,
      scopes,
      issuer,
      method: viaIdJag ? "id-jag" : "workload",
      person,
    });
    return provider.issueTokens({ client, scopes, user, resources: [gatewayResource()] });
  };
}

/** The plugin that adds the grant, when an identity provider or a workload issuer is configured for agents. */
export function agentJwtBearerPlugins(): BetterAuthPlugin[] {
  const sources: Sources = { idJag: appConfig().agentIdJagIssuer, workloads: appConfig().agentWorkloads };
  if (!sources.idJag && !sources.workloads) return [];
  const extension = { grants: { [JWT_BEARER_GRANT]: grantHandler(sources) } };
  return [
    {
      id: "toolscope-jwt-bearer",
      init(ctx) {
        extendOAuthProvider(ctx as Parameters<typeof extendOAuthProvider>[0], extension);
      },
    },
  ];
}
