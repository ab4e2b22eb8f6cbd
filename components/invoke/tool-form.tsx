"use client";

import { BUTTON_PRIMARY } from "@/components/ui/classes";
import Form from "@rjsf/core";
import type { IChangeEvent } from "@rjsf/core";
import type { RJSFSchema } from "@rjsf/utils";
import { Component, useMemo, type ReactNode } from "react";
import { formSchema } from "@/lib/json-schema/form-schema";
import type { Tool } from "@/lib/mcp/types";
import { validatorFor } from "./form-validator";
import { buttonTemplates } from "./rjsf-buttons";
import { uiSchemaFor } from "./ui-schema";

type Props = {
  tool: Tool;
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  onSubmit: (value: Record<string, unknown>) => void;
  running: boolean;
  actions?: ReactNode;
};

/** Keeps a schema RJSF cannot render from taking the page down; the user sees why. */
class FormBoundary extends Component<{ children: ReactNode }, { error: string | null }> {
  state = { error: null as string | null };
  static getDerivedStateFromError(error: unknown): { error: string } {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  render(): ReactNode {
    if (this.state.error) {
      return (
        <p
          role="alert"
          className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-800 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-300"
        >
          This tool&apos;s input schema could not be rendered as a form: {this.state.error}
        </p>
      );
    }
    return this.props.children;
  }
}

export function ToolForm({ tool, value, onChange, onSubmit, running, actions }: Props): ReactNode {
  const schema = useMemo(() => formSchema(tool.inputSchema) as RJSFSchema, [tool.inputSchema]);
  const validator = useMemo(() => validatorFor(schema), [schema]);
  const uiSchema = useMemo(() => ({ ...uiSchemaFor(schema), "ui:submitButtonOptions": { norender: true } }), [schema]);
  const hasFields = Object.keys((schema.properties as object | undefined) ?? {}).length > 0 || schema.additionalProperties !== false;

  return (
    <FormBoundary key={tool.name}>
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
        templates={{ ButtonTemplates: buttonTemplates }}
        disabled={running}
        idPrefix={`tool-${tool.name}`}
      >
        {!hasFields && <p className="mb-4 text-sm text-zinc-500">This tool takes no parameters.</p>}
        <div className="flex items-center gap-2 pt-1">
          <button type="submit" disabled={running} data-testid="run-button" className={BUTTON_PRIMARY}>
            {running ? "Running…" : "Run tool"}
            {!running && <kbd className="ml-1 font-sans text-[10px] text-indigo-200">Ctrl ↵</kbd>}
          </button>
          {actions}
        </div>
      </Form>
    </FormBoundary>
  );
}
