import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ConsentForm } from "@/components/oauth/consent-form";
import { consentRequest } from "@/lib/auth/agent-consent";
import { pageCaller } from "@/lib/http/page-caller";
import { ERROR_NOTE, PANEL_SECTION } from "@/components/ui/classes";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Authorize an agent" };

// Where an agent's OAuth authorization (lib/auth/agent-oauth.ts) asks the signed-in person.
export default async function ConsentPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}): Promise<ReactNode> {
  const request = await consentRequest(await searchParams, await pageCaller());
  return (
    <div className="flex h-full items-start justify-center px-4 pt-[12vh]">
      <div className={`w-full max-w-[440px] ${PANEL_SECTION}`}>
        {request.ok ? (
          <ConsentForm request={request} />
        ) : (
          <>
            <h1 className="text-base font-semibold tracking-tight">Authorize an agent</h1>
            <p role="alert" className={`mt-3 ${ERROR_NOTE}`}>
              {request.message}
            </p>
          </>
        )}
      </div>
    </div>
  );
}
