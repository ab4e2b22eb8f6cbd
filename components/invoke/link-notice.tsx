"use client";

// Says where the form's arguments came from when a link filled them in, and what in them does
// not fit the tool's input schema (checked with the form's own validator). Nothing has run.
import type { RJSFSchema } from "@rjsf/utils";
import { useMemo, type ReactNode } from "react";
import { formSchema } from "@/lib/domain/form-schema";
import type { Tool } from "@/lib/domain/mcp-types";
import { inPlainWords } from "./form-errors";
import { useFormValidator } from "./form-validator";
import type { LinkNotice } from "./use-link-arguments";

const TONE_OK = "border-indigo-200 bg-indigo-50 text-indigo-800 dark:border-indigo-900 dark:bg-indigo-950/40 dark:text-indigo-200";
const TONE_BAD = "border-rose-200 bg-rose-50 text-rose-700 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-300";

export function LinkArgumentsNotice({
  notice,
  tool,
  values,
}: {
  notice: LinkNotice;
  tool: Tool;
  values: Record<string, unknown>;
}): ReactNode {
  const schema = useMemo(() => formSchema(tool.inputSchema) as RJSFSchema, [tool.inputSchema]);
  const validation = useFormValidator(schema);
  const problems =
    notice.ok && validation.status === "ready"
      ? validation.validator.validateFormData(values, schema, undefined, inPlainWords).errors.map((e) => e.stack)
      : [];
  return (
    <div
      role="status"
      data-testid="link-notice"
      className={`mt-4 rounded-md border p-2.5 text-[13px] ${notice.ok && problems.length === 0 ? TONE_OK : TONE_BAD}`}
    >
      {notice.ok ? (
        <>
          <p>
            Arguments filled in from the link; nothing runs until you click Run.
            {notice.redacted ? " Secret values are not carried in links: type them again." : ""}
          </p>
          {problems.length > 0 && (
            <ul className="mt-1 list-disc pl-5" data-testid="link-problems">
              {problems.slice(0, 5).map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <p>The link&apos;s arguments were not used: {notice.error}.</p>
      )}
    </div>
  );
}
