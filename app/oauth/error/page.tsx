import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ERROR_NOTE, PANEL_SECTION } from "@/components/ui/classes";
import { authorizeErrorWords } from "@/lib/auth/authorize-error-words";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "An agent could not be authorized" };

type Search = Record<string, string | string[] | undefined>;
// Where an agent's authorization request that cannot go on sends the person (lib/auth/authorize-errors.ts):
// never back to the agent, whose address is unverified. Only Toolscope's words are shown, whatever the
// query says (lib/auth/authorize-error-words.ts): anyone can link here.
export default async function AuthorizeErrorPage({ searchParams }: { searchParams: Promise<Search> }): Promise<ReactNode> {
  const search = await searchParams;
  const { code, words } = authorizeErrorWords(typeof search.error === "string" ? search.error : undefined);
  return (
    <div className="flex h-full items-start justify-center px-4 pt-[12vh]">
      <div className={`w-full max-w-[440px] ${PANEL_SECTION}`}>
        <h1 className="text-base font-semibold tracking-tight">An agent could not be authorized</h1>
        <p className="mt-2 text-[13px] text-zinc-600 dark:text-zinc-400">
          An MCP client asked to act as you through Toolscope, and its request cannot go on. Nothing was granted.
        </p>
        <p role="alert" className={`mt-3 ${ERROR_NOTE}`} data-testid="authorize-error">
          {words}
          {code && (
            <span className="mt-1 block font-mono text-xs break-words" data-testid="authorize-error-detail">
              {code}
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
