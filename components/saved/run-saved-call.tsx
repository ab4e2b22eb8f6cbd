"use client";

// Runs one saved call from its page, asking first for its secret values and, for a tool that
// may destroy data or reach out, for a confirmation.
import { Button } from "@/components/ui/button";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "@/components/ui/classes";
import { api } from "@/components/api/client";
import { ApiError } from "@/lib/client/fetch-json";
import type { SavedCallView } from "@/lib/domain/saved-shapes";
import { missingSecrets, SecretValuesForm, type SecretValues } from "./secret-values";
import { useRiskyCalls } from "./use-risky-tools";
import { ErrorNote } from "@/components/ui/error-note";
import { ModalDialog } from "@/components/ui/modal-dialog";

export function RunSavedCall({ call }: { call: SavedCallView }): ReactNode {
  const router = useRouter();
  const [secrets, setSecrets] = useState<SecretValues>({});
  const [running, setRunning] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const risky = useRiskyCalls([call]).get(call.id);
  const run = async (): Promise<void> => {
    setConfirming(false);
    setRunning(true);
    setError(null);
    try {
      await api("POST /api/saved-calls/:savedCallId/run", {
        params: { savedCallId: call.id },
        body: { secrets: secrets[call.id] ?? {} },
      });
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setRunning(false);
    }
  };
  return (
    <div className="mt-4 space-y-2" data-testid="run-saved-call">
      <SecretValuesForm calls={[call]} values={secrets} onChange={setSecrets} />
      <div className="flex items-center gap-2">
        <Button
          className={BUTTON_PRIMARY}
          isDisabled={running || missingSecrets(call, secrets).length > 0}
          onPress={() => (risky ? setConfirming(true) : void run())}
          data-testid="saved-call-run"
        >
          {running ? "Running…" : "Run"}
        </Button>
        {confirming && (
          <ModalDialog role="alertdialog" title={`Run ${call.name}?`} onClose={() => setConfirming(false)} testId="confirm-dialog">
            <p className="mt-1 text-[13px] text-amber-700 dark:text-amber-400">{risky}</p>
            <div className="mt-4 flex justify-end gap-2">
              <Button className={BUTTON_SECONDARY} onPress={() => setConfirming(false)} data-testid="confirm-cancel">
                Cancel
              </Button>
              <Button className={BUTTON_PRIMARY} onPress={() => void run()} data-testid="confirm-run" autoFocus>
                Run
              </Button>
            </div>
          </ModalDialog>
        )}
      </div>
      <ErrorNote message={error} />
    </div>
  );
}
