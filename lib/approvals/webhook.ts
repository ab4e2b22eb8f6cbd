import "server-only";
// Tells a chat channel (or any receiver) that an agent's call waits for a person: one JSON POST
// to TOOLSCOPE_APPROVAL_WEBHOOK_URL with a link to the Approvals page. With
// TOOLSCOPE_APPROVAL_WEBHOOK_SECRET the body is signed: `X-Toolscope-Signature: sha256=<hex>`,
// the HMAC-SHA256 of the exact body bytes, whose `timestamp` lets a receiver refuse a replay. It goes through the outbound guard like every request Toolscope
// makes; a receiver that fails is logged, and the call waits all the same.
import { createHmac } from "node:crypto";
import { appConfig } from "@/lib/config/env";
import { transportFetch } from "@/lib/oauth/transport-fetch";
import type { ApprovalRow } from "./approval-store";

const TIMEOUT_MS = 5_000;

export function signature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

export function webhookBody(row: ApprovalRow, serverName: string, publicUrl: string): string {
  const person = JSON.parse(row.caller) as { name: string; email: string | null };
  const link = `${publicUrl}/approvals#approval-${row.id}`;
  return JSON.stringify({
    type: "agent_call.waiting",
    timestamp: new Date().toISOString(),
    approval: { id: row.id, createdAt: row.created_at, expiresAt: row.expires_at, because: row.because },
    server: { id: row.server_id, name: serverName },
    tool: row.tool_name,
    person,
    agent: row.client,
    link,
    // Slack and Mattermost incoming webhooks show this; other receivers read the fields above.
    text: `${person.name}'s agent (${row.client}) wants to call ${row.tool_name} on ${serverName}: ${link}`,
  });
}

export async function announceWaiting(row: ApprovalRow, serverName: string): Promise<void> {
  const config = appConfig();
  const hook = config.approvalWebhook;
  if (!hook) return;
  const body = webhookBody(row, serverName, config.publicUrl);
  const headers: Record<string, string> = { "content-type": "application/json", "user-agent": "Toolscope" };
  if (hook.secret) headers["x-toolscope-signature"] = signature(hook.secret, body);
  try {
    const response = await transportFetch(hook.url, { method: "POST", headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
    await response.body?.cancel();
    if (!response.ok) console.error(`[toolscope] the approval webhook answered ${response.status}`);
  } catch (error) {
    console.error(`[toolscope] the approval webhook failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
