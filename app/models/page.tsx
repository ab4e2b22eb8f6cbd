import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { ModelJudgePanel } from "@/components/models/model-judge-panel";
import { ProvidersPanel } from "@/components/models/providers-panel";
import { ModelSetup } from "@/components/ui/model-setup";
import { can } from "@/lib/domain/roles";
import { pageCaller } from "@/lib/http/page-caller";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Models" };

const LINK = "text-indigo-600 underline dark:text-indigo-400";

export default async function ModelsPage(): Promise<ReactNode> {
  const caller = await pageCaller();
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-5xl px-4 py-6 sm:px-8">
        <h1 className="text-lg font-semibold tracking-tight">Models</h1>
        <p className="mt-1 text-sm text-muted">
          The model providers{" "}
          <Link href="/playground" className={LINK}>
            Chat
          </Link>
          ,{" "}
          <Link href="/evals" className={LINK}>
            Evals
          </Link>
          , sampling and the poisoning scan&apos;s model judge use. A key given here is kept sealed on this server: it never reaches a
          browser, a log, an export or the audit log.
        </p>
        <p className="mt-1 text-xs text-muted">
          <ModelSetup />
        </p>
        <ProvidersPanel mayShare={can(caller, "servers:manage")} mayOwn={Boolean(caller.userId) && caller.scopes === null} />
        <ModelJudgePanel />
      </div>
    </div>
  );
}
