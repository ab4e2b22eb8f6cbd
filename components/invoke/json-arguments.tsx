"use client";

// Arguments as raw JSON: the escape hatch for schemas a form cannot express, and for sending
// arguments that deliberately break the schema (to see how the server answers). It shares
// the form's value, so switching back and forth loses nothing.
import { Button } from "@/components/ui/button";
import type { RJSFSchema, ValidatorType } from "@rjsf/utils";
import { useState, type FormEvent, type ReactNode } from "react";
import { BUTTON_PRIMARY } from "@/components/ui/classes";
import { formatArguments, parseArguments, textShowsValue } from "./json-arguments-text";

type Props = {
  schema: RJSFSchema;
  validator: ValidatorType;
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  onSubmit: (value: Record<string, unknown>) => void;
  running: boolean;
  refusal?: string | null;
  actions?: ReactNode;
  submitLabel?: { idle: string; busy: string } | undefined;
};

export function JsonArguments({ schema, validator, value, onChange, onSubmit, running, refusal, actions, submitLabel }: Props): ReactNode {
  const [text, setText] = useState(() => formatArguments(value));
  // A value set from outside (inputs restored from history, a replay) must show in the
  // editor; the user's own edits come back as the same value and leave their text alone.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (!textShowsValue(text, value)) setText(formatArguments(value));
  }
  const parsed = parseArguments(text);
  const parseError = parsed.ok ? null : parsed.error;

  const edit = (next: string): void => {
    setText(next);
    const result = parseArguments(next);
    if (result.ok) onChange(result.value);
  };

  const schemaErrors = parseError ? [] : (validator.rawValidation(schema, value).errors ?? []);
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (!parseError) onSubmit(value);
  };

  return (
    <form onSubmit={submit} data-testid="json-arguments">
      <textarea
        value={text}
        onChange={(e) => edit(e.target.value)}
        aria-label="Arguments (JSON)"
        spellCheck={false}
        rows={Math.min(18, Math.max(4, text.split("\n").length + 1))}
        className="block w-full rounded-md border border-zinc-300 bg-white p-2.5 font-mono text-[12.5px] outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 dark:border-zinc-700 dark:bg-zinc-900"
      />
      {parseError && (
        <p role="alert" className="mt-1 text-xs text-rose-600 dark:text-rose-400" data-testid="json-parse-error">
          {parseError}
        </p>
      )}
      {schemaErrors.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-xs text-amber-700 dark:text-amber-400" data-testid="json-schema-errors">
          {schemaErrors.slice(0, 8).map((e, i) => (
            <li key={i}>
              <code className="font-mono">{e.instancePath || "/"}</code> {e.message} (sent anyway if you run it)
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex items-center gap-2">
        <Button
          type="submit"
          isDisabled={running || parseError !== null || Boolean(refusal)}
          title={refusal ?? undefined}
          data-testid="run-button"
          className={BUTTON_PRIMARY}
        >
          {running ? (submitLabel?.busy ?? "Running…") : (submitLabel?.idle ?? "Run tool")}
        </Button>
        {actions}
      </div>
    </form>
  );
}
