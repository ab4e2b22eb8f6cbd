"use client";

import { Button } from "@/components/ui/button";
import { BUTTON_PRIMARY } from "@/components/ui/classes";
import Form from "@rjsf/core";
import type { IChangeEvent } from "@rjsf/core";
import type { RJSFSchema, ValidatorType } from "@rjsf/utils";
import { useMemo, useState, type ReactNode } from "react";
import { formSchema } from "@/lib/domain/form-schema";
import { formUnsupportedReason } from "@/lib/domain/form-support";
import type { Tool } from "@/lib/domain/mcp-types";
import { FormBoundary } from "./form-boundary";
import { exceptRedacted, inPlainWords } from "./form-errors";
import { uncheckedValidator, useFormValidator } from "./form-validator";
import { JsonArguments } from "./json-arguments";
import { NullableField } from "./nullable-field";
import { buttonTemplates } from "./rjsf-buttons";
import { formTemplates, UnsupportedFieldTemplate } from "./rjsf-templates";
import { SecretAwareTextWidget } from "./secret-text-widget";
import { SelectWidget } from "./select-widget";
import { uiSchemaFor } from "./ui-schema";
import { ToggleButton } from "@/components/ui/toggle-button";

type Props = {
  tool: Tool;
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  onSubmit: (value: Record<string, unknown>) => void;
  running: boolean;
  /** Why the caller may not run it (their role), if they may not: the button is then disabled. */
  refusal?: string | null;
  actions?: ReactNode;
  /** The submit button's words, idle and busy, where the form does something else than run the tool (approve an agent's call). */
  submitLabel?: { idle: string; busy: string } | undefined;
  /** A value left "[redacted]" stands for a secret put back on the server's side: its placeholder is not checked. */
  keepsRedacted?: boolean | undefined;
};

const MODE_BUTTON = "rounded px-2 py-0.5 text-[11px] font-medium";
const CONST_DEFAULTS = { constAsDefaults: "always" } as const;

export function ToolForm(props: Props): ReactNode {
  const { tool } = props;
  const schema = useMemo(() => formSchema(tool.inputSchema) as RJSFSchema, [tool.inputSchema]);
  const validation = useFormValidator(schema);
  const unsupported = useMemo(() => formUnsupportedReason(tool.inputSchema), [tool.inputSchema]);
  const [mode, setMode] = useState<"form" | "json">("form");
  const json = (note?: string): ReactNode => (
    <>
      {note && (
        <p
          role="alert"
          className="mb-2 rounded-md border border-amber-200 bg-amber-50 p-2 text-xs text-amber-800 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-300"
        >
          This tool&apos;s input schema could not be rendered as a form ({note}); edit the arguments as JSON instead.
        </p>
      )}
      {/* Until the validator is ready, or if the schema does not compile, the editor shows no schema errors. */}
      <JsonArguments schema={schema} validator={validation.status === "ready" ? validation.validator : uncheckedValidator} {...props} />
    </>
  );
  return (
    <div>
      <div className="mb-3 flex items-center gap-1 text-muted" role="group" aria-label="Edit arguments as">
        {(["form", "json"] as const).map((m) => (
          <ToggleButton
            key={m}
            pressed={mode === m}
            onChange={() => setMode(m)}
            testId={`mode-${m}`}
            className={MODE_BUTTON}
            pressedClassName="bg-zinc-100 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100"
            unpressedClassName="hover:text-zinc-900 dark:hover:text-zinc-100"
          >
            {m === "form" ? "Form" : "JSON"}
          </ToggleButton>
        ))}
      </div>
      {mode === "json" ? (
        json()
      ) : unsupported ? (
        json(`it uses ${unsupported}, which the form cannot express`)
      ) : validation.status === "failed" ? (
        json(validation.reason)
      ) : validation.status === "preparing" ? (
        <p className="py-4 text-sm text-muted" role="status" data-testid="form-preparing">
          Preparing the form…
        </p>
      ) : (
        <FormBoundary key={tool.name} fallback={(error) => json(error)}>
          <SchemaForm {...props} schema={schema} validator={validation.validator} />
        </FormBoundary>
      )}
    </div>
  );
}

function SchemaForm({
  tool,
  value,
  onChange,
  onSubmit,
  running,
  refusal,
  actions,
  submitLabel,
  keepsRedacted,
  schema,
  validator,
}: Props & { schema: RJSFSchema; validator: ValidatorType }): ReactNode {
  const uiSchema = useMemo(() => ({ ...uiSchemaFor(schema), "ui:submitButtonOptions": { norender: true } }), [schema]);
  // {type: "object"} with nothing more takes no parameters as far as a form is concerned.
  const hasFields =
    Object.keys((schema.properties as object | undefined) ?? {}).length > 0 ||
    (schema.additionalProperties !== undefined && schema.additionalProperties !== false) ||
    ["oneOf", "anyOf", "allOf", "patternProperties", "$ref"].some((k) => k in schema);

  return (
    <>
      <Form
        className="rjsf-theme"
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        formData={value}
        onChange={(e: IChangeEvent) => onChange((e.formData ?? {}) as Record<string, unknown>)}
        onSubmit={(e: IChangeEvent) => onSubmit((e.formData ?? {}) as Record<string, unknown>)}
        noHtml5Validate
        showErrorList="top"
        transformErrors={keepsRedacted ? (errors) => inPlainWords(exceptRedacted(errors, value)) : inPlainWords}
        // "always": a const is the field's value even where the data held another (a restored
        // or linked call); the field is read-only (ui-schema.ts), so the user could not fix it.
        experimental_defaultFormStateBehavior={CONST_DEFAULTS}
        templates={{ ...formTemplates, UnsupportedFieldTemplate, ButtonTemplates: buttonTemplates }}
        widgets={{ TextWidget: SecretAwareTextWidget, SelectWidget }}
        fields={{ NullableField }}
        disabled={running}
        idPrefix={`tool-${tool.name}`}
      >
        {!hasFields && <p className="mb-4 text-sm text-muted">This tool takes no parameters.</p>}
        {/* Run stays on screen however long the form: the bar sticks to the bottom of the page while the form is in view. */}
        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 bg-white/95 px-4 py-2 backdrop-blur dark:bg-zinc-950/95">
          <Button
            type="submit"
            isDisabled={running || Boolean(refusal)}
            title={refusal ?? undefined}
            data-testid="run-button"
            className={BUTTON_PRIMARY}
          >
            {running ? (submitLabel?.busy ?? "Running…") : (submitLabel?.idle ?? "Run tool")}
            {!running && !submitLabel && <kbd className="ml-1 font-sans text-[10px] text-white">Ctrl ↵</kbd>}
          </Button>
          {actions}
        </div>
      </Form>
    </>
  );
}
