"use client";

// Edits a saved call's checks: tick the simple ones, add path checks (equals / contains) with
// a JSON value, set a time limit. Values are typed as JSON; plain text counts as a string.
import { Button } from "@/components/ui/button";
import { useState, type ReactNode } from "react";
import { INPUT } from "@/components/ui/classes";
import { describeCheck } from "@/lib/domain/saved-checks";
import type { Check } from "@/lib/domain/saved-shapes";
import { Checkbox } from "@/components/ui/checkbox";

const SMALL_INPUT = `${INPUT} !py-1 !text-[12px]`;

function valueOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function ChecksEditor({
  checks,
  onChange,
  hasOutputSchema,
}: {
  checks: Check[];
  onChange: (checks: Check[]) => void;
  hasOutputSchema: boolean;
}): ReactNode {
  const has = (kind: Check["kind"]): boolean => checks.some((c) => c.kind === kind);
  const toggle = (check: Check, on: boolean): void => onChange(on ? [...checks, check] : checks.filter((c) => c.kind !== check.kind));
  const duration = checks.find((c): c is Extract<Check, { kind: "duration_under" }> => c.kind === "duration_under");
  const pathChecks = checks.filter((c) => c.kind === "equals" || c.kind === "contains");
  const [kind, setKind] = useState<"equals" | "contains">("equals");
  const [path, setPath] = useState("$.structuredContent.");
  const [value, setValue] = useState("");
  const addPath = (): void => {
    if (!/^\$/.test(path.trim()) || !value.trim()) return;
    onChange([...checks, { kind, path: path.trim(), value: valueOf(value) }]);
    setValue("");
  };
  return (
    <fieldset className="space-y-2 text-[13px]" data-testid="checks-editor">
      <legend className="mb-1 text-xs font-medium text-muted">Checks on the result (every one must hold for a run to pass)</legend>
      <Checkbox
        className="flex gap-2"
        isSelected={has("no_error")}
        onChange={(checked) => toggle({ kind: "no_error" }, checked)}
        testId="check-no-error"
      >
        Succeeds: not a tool error, a protocol error or a call that never completed
      </Checkbox>
      <Checkbox
        className={`flex gap-2 ${hasOutputSchema ? "" : "text-muted"}`}
        isSelected={has("output_schema")}
        isDisabled={!hasOutputSchema && !has("output_schema")}
        onChange={(checked) => toggle({ kind: "output_schema" }, checked)}
        testId="check-output-schema"
      >
        structuredContent matches the output schema{hasOutputSchema ? "" : " (the tool declares none)"}
      </Checkbox>
      <Checkbox
        isSelected={duration !== undefined}
        onChange={(checked) => toggle({ kind: "duration_under", ms: duration?.ms ?? 1000 }, checked)}
        testId="check-duration"
        className="flex items-center gap-2"
      >
        Takes under{" "}
        <input
          type="number"
          min={1}
          value={duration?.ms ?? 1000}
          onChange={(e) => {
            const ms = Math.max(1, Math.round(Number(e.target.value) || 1));
            onChange([...checks.filter((c) => c.kind !== "duration_under"), { kind: "duration_under", ms }]);
          }}
          className={`${SMALL_INPUT} !w-24`}
          aria-label="Milliseconds"
          data-testid="check-duration-ms"
        />{" "}
        ms
      </Checkbox>
      {pathChecks.length > 0 && (
        <ul className="space-y-1" data-testid="path-checks">
          {pathChecks.map((check, i) => (
            <li key={i} className="flex items-center gap-2 font-mono text-[12px]">
              <span className="min-w-0 flex-1 truncate">{describeCheck(check)}</span>
              <Button
                className="text-muted hover:text-rose-600"
                aria-label={`Remove the check ${describeCheck(check)}`}
                onPress={() => onChange(checks.filter((c) => c !== check))}
              >
                ✕
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-center gap-1.5">
        <input
          value={path}
          onChange={(e) => setPath(e.target.value)}
          className={`${SMALL_INPUT} font-mono`}
          aria-label="JSON path"
          placeholder="$.structuredContent.total"
          data-testid="check-path"
        />
        <select
          value={kind}
          onChange={(e) => setKind(e.target.value as "equals" | "contains")}
          className={`${SMALL_INPUT} !w-28`}
          aria-label="Comparison"
          data-testid="check-kind"
        >
          <option value="equals">equals</option>
          <option value="contains">contains</option>
        </select>
        <input
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              addPath();
            }
          }}
          className={`${SMALL_INPUT} font-mono`}
          aria-label="Expected value (JSON)"
          placeholder='42 or "text"'
          data-testid="check-value"
        />
        <Button
          onPress={addPath}
          className="shrink-0 rounded border border-zinc-300 px-2 py-1 text-[12px] hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"
          data-testid="check-add"
        >
          Add
        </Button>
      </div>
    </fieldset>
  );
}
