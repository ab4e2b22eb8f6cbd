import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ERROR_NOTE, PANEL_SECTION } from "@/components/ui/classes";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "An agent could not be authorized" };

/** OAuth's error codes (RFC 6749 §4.1.2.1, better-auth's own), in words a person can act on. */
const MEANINGS: Record<string, string> = {
  invalid_client:
    "Toolscope does not know this agent: its registration was removed, or the client metadata document it names could not be fetched or read.",
  client_disabled: "An admin has turned this agent off.",
  invalid_redirect: "The agent asked to send you back to an address it did not register, so Toolscope will not send you there.",
  unauthorized_client: "This agent may not sign in this way.",
  unsupported_response_type: "The agent asked for a kind of answer Toolscope does not give (only an authorization code).",
  invalid_scope: "The agent asked for access Toolscope does not grant agents.",
  invalid_request: "The agent's request was incomplete or malformed.",
  temporarily_unavailable: "Toolscope could not check the agent just now.",
};

type Search = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined): string => (typeof value === "string" ? value.slice(0, 500) : "");

// Where an agent's authorization request that cannot go on sends the person (lib/auth/authorize-errors.ts):
// never back to the agent, whose address is unverified.
export default async function AuthorizeErrorPage({ searchParams }: { searchParams: Promise<Search> }): Promise<ReactNode> {
  const search = await searchParams;
  const [error, description] = [one(search.error), one(search.error_description)];
  return (
    <div className="flex h-full items-start justify-center px-4 pt-[12vh]">
      <div className={`w-full max-w-[440px] ${PANEL_SECTION}`}>
        <h1 className="text-base font-semibold tracking-tight">An agent could not be authorized</h1>
        <p className="mt-2 text-[13px] text-zinc-600 dark:text-zinc-400">
          An MCP client asked to act as you through Toolscope, and its request cannot go on. Nothing was granted.
        </p>
        <p role="alert" className={`mt-3 ${ERROR_NOTE}`} data-testid="authorize-error">
          {MEANINGS[error] ?? "The request was refused."}
          {description && (
            <span className="mt-1 block font-mono text-xs break-words" data-testid="authorize-error-detail">
              {error ? `${error}: ` : ""}
              {description}
            </span>
          )}
        </p>
        <p className="mt-3 text-[13px] text-zinc-600 dark:text-zinc-400">
          Close this tab and connect from the agent again. If it happens again, give its maker the message above.
        </p>
      </div>
    </div>
  );
}
