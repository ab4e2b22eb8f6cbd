"use client";

// Values for saved calls' secret fields, typed once per page and kept in memory only: they go
// with each run's request and are never stored (issue 17).
import type { ReactNode } from "react";
import { INPUT } from "@/components/ui/classes";
import type { SavedCallView } from "@/lib/domain/saved-shapes";

export type SecretValues = Record<string, Record<string, string>>;

export function missingSecrets(call: SavedCallView, values: SecretValues): string[] {
  return call.secretFields.filter((pointer) => !values[call.id]?.[pointer]);
}

export function SecretValuesForm({
  calls,
  values,
  onChange,
}: {
  calls: SavedCallView[];
  values: SecretValues;
  onChange: (values: SecretValues) => void;
}): ReactNode {
  const needing = calls.filter((c) => c.secretFields.length > 0);
  if (needing.length === 0) return null;
  return (
    <section
      className="rounded-lg border border-amber-200 bg-amber-50/60 p-3 text-[13px] dark:border-amber-900 dark:bg-amber-950/20"
      data-testid="secret-values"
      aria-label="Secret values"
    >
      <p className="text-xs text-amber-800 dark:text-amber-300">
        Secret values are never saved. Type them here for this page&apos;s runs; they are sent with each run and forgotten when you leave.
      </p>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {needing.flatMap((call) =>
          call.secretFields.map((pointer) => (
            <label key={`${call.id}${pointer}`} className="block text-xs text-zinc-600 dark:text-zinc-400">
              {call.name} <code className="font-mono">{pointer}</code>
              <input
                type="password"
                autoComplete="off"
                value={values[call.id]?.[pointer] ?? ""}
                onChange={(e) => onChange({ ...values, [call.id]: { ...values[call.id], [pointer]: e.target.value } })}
                className={`${INPUT} mt-0.5 !py-1`}
                data-testid="secret-value"
              />
            </label>
          )),
        )}
      </div>
    </section>
  );
}
