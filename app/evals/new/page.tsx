import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { SuiteEditor } from "@/components/evals/suite-editor";
import { STARTER_SUITE } from "@/lib/evals/starter-suite";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New eval suite" };

export default function NewSuitePage(): ReactNode {
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-4xl px-4 py-6 sm:px-8">
        <Link href="/evals" className="text-[12px] text-muted hover:underline">
          ← Evals
        </Link>
        <h1 className="mt-1 text-lg font-semibold tracking-tight">New eval suite</h1>
        <p className="mt-1 mb-4 text-sm text-muted">
          Start from this example (it asks the demo server&apos;s weather tool), or paste a suite file.
        </p>
        <SuiteEditor initial={STARTER_SUITE} />
      </div>
    </div>
  );
}
