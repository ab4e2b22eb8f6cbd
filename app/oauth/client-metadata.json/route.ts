// Toolscope's OAuth client ID metadata document: an authorization server that supports them
// reads Toolscope's client metadata here, and this URL is the client id (no registration).
import { appConfig } from "@/lib/config/env";
import { toolscopeClientMetadata } from "@/lib/oauth/oauth-provider";
import { callbackUrl } from "@/lib/oauth/oauth-target";

export const dynamic = "force-dynamic";

export function GET(): Response {
  const clientId = appConfig().oauthClientMetadataUrl;
  if (!clientId)
    return Response.json(
      { error: "Toolscope publishes a client metadata document only over https (TOOLSCOPE_PUBLIC_URL)." },
      { status: 404 },
    );
  return Response.json(
    { client_id: clientId, client_uri: appConfig().publicUrl, ...toolscopeClientMetadata(callbackUrl()) },
    { headers: { "cache-control": "public, max-age=300" } },
  );
}
