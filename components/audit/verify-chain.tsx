"use client";

// Checks the audit log's hash chain on demand and says where it breaks, if it does.
import { Button } from "@/components/ui/button";
import { useState, type ReactNode } from "react";
import { BUTTON_SECONDARY } from "@/components/ui/classes";
import { api } from "@/components/api/client";

type Report = { ok: boolean; checked: number; firstBroken: { seq: number; id: string | null; reason: string } | null };

export function VerifyChain(): ReactNode {
  const [state, setState] = useState<{ busy: boolean; report?: Report; error?: string }>({ busy: false });
  const verify = (): void => {
    setState({ busy: true });
    api("GET /api/audit/verify")
      .then((report) => setState({ busy: false, report }))
      .catch((error: unknown) => setState({ busy: false, error: error instanceof Error ? error.message : String(error) }));
  };
  const { report } = state;
  return (
    <div className="flex items-center gap-2 text-xs">
      <Button onPress={verify} isDisabled={state.busy} className={BUTTON_SECONDARY} data-testid="audit-verify">
        {state.busy ? "Verifying…" : "Verify chain"}
      </Button>
      {report && (
        <span
          role="status"
          data-testid="audit-verify-result"
          className={report.ok ? "text-emerald-700 dark:text-emerald-400" : "text-rose-600 dark:text-rose-400"}
        >
          {report.ok
            ? `Intact: ${report.checked} records check out.`
            : `Broken at record ${report.firstBroken!.seq}${report.firstBroken!.id ? ` (${report.firstBroken!.id})` : ""}: ${report.firstBroken!.reason}.`}
        </span>
      )}
      {state.error && (
        <span role="alert" className="text-rose-600">
          {state.error}
        </span>
      )}
    </div>
  );
}
