import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { ApprovalsView } from "@/components/approvals/approvals-view";
import { authMode } from "@/lib/auth/mode";
import { connectCommand } from "@/lib/gateway/connect-command";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Approvals" };

export default async function ApprovalsPage(): Promise<ReactNode> {
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-4xl px-4 py-6 sm:px-8">
        <h1 className="text-lg font-semibold tracking-tight">Approvals</h1>
        <p className="mt-1 text-sm text-muted">
          Agents call tools through Toolscope&apos;s MCP endpoint (<code className="font-mono text-[12px]">/mcp</code>) as the person who
          connected them. A call to a risky tool waits here until someone the server&apos;s policy names approves it, edits its arguments,
          or denies it, here (no token can, so an agent cannot approve its own call); every decision is in the{" "}
          <Link href="/audit?via=agent" className="text-indigo-600 underline dark:text-indigo-400">
            audit log
          </Link>
          . Connect an agent with <code className="font-mono text-[12px] break-all">{connectCommand(await authMode())}</code>.
        </p>
        <ApprovalsView />
      </div>
    </div>
  );
}
