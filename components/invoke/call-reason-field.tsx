"use client";

// The reason a server's policy asks for before a risky tool runs; kept in the audit record.
import type { ReactNode } from "react";
import { REASON_MAX_CHARS } from "@/lib/domain/tool-rules";

export function CallReasonField({
  value,
  missing,
  because,
  onChange,
}: {
  value: string;
  missing: boolean;
  because: string;
  onChange: (value: string) => void;
}): ReactNode {
  return (
    <div className="mb-4">
      <label htmlFor="call-reason" className="block text-xs font-medium text-zinc-700 dark:text-zinc-300">
        Reason for this call <span className="text-rose-600">*</span>
      </label>
      <p className="mt-0.5 text-xs text-muted">{because} It is kept in the audit log with the call.</p>
      <textarea
        id="call-reason"
        data-testid="call-reason"
        value={value}
        rows={2}
        maxLength={REASON_MAX_CHARS}
        required
        aria-invalid={missing}
        aria-describedby={missing ? "call-reason-missing" : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={`mt-1.5 w-full rounded-md border bg-white px-2.5 py-1.5 text-[13px] outline-none focus:ring-2 focus:ring-indigo-500/40 dark:bg-zinc-950 ${
          missing ? "border-rose-400 dark:border-rose-700" : "border-zinc-300 dark:border-zinc-700"
        }`}
      />
      {missing && (
        <p id="call-reason-missing" role="alert" className="mt-1 text-xs text-rose-600 dark:text-rose-400">
          Type a reason before running this tool.
        </p>
      )}
    </div>
  );
}
