"use client";

// A suite's own actions: export its file, edit it as JSON, remove it (with its runs).
import { Button } from "@/components/ui/button";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { BUTTON_SECONDARY, ERROR_NOTE } from "@/components/ui/classes";
import { api } from "@/components/api/client";
import { ApiError } from "@/lib/client/fetch-json";
import { SuiteEditor } from "./suite-editor";

export function SuiteActions({ suiteId, file, mayChange }: { suiteId: string; file: unknown; mayChange: boolean }): ReactNode {
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async (): Promise<void> => {
    if (!window.confirm("Remove this suite and its runs? The calls they made stay in the audit log.")) return;
    try {
      await api("DELETE /api/evals/:suiteId", { params: { suiteId } });
      router.push("/evals");
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  return (
    <div className="w-full">
      <div className="flex flex-wrap gap-2">
        <a href={`/api/evals/${suiteId}/export`} className={BUTTON_SECONDARY} data-testid="suite-export">
          Export
        </a>
        {mayChange && !editing && (
          <>
            <Button className={BUTTON_SECONDARY} onPress={() => setEditing(true)} data-testid="suite-edit">
              Edit
            </Button>
            <Button className={BUTTON_SECONDARY} onPress={() => void remove()} data-testid="suite-remove">
              Remove
            </Button>
          </>
        )}
      </div>
      {error && (
        <p role="alert" className={`${ERROR_NOTE} mt-2 text-[12px]`}>
          {error}
        </p>
      )}
      {editing && (
        <div className="mt-4">
          <SuiteEditor suiteId={suiteId} initial={file} onDone={() => setEditing(false)} />
        </div>
      )}
    </div>
  );
}
