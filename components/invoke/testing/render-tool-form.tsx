// The tool form alone, for component tests: a demo server tool's definition as its tools/list
// answers it (./demo-fixtures.ts), the form holding its value as the tool panel does,
// and every submitted value kept, as the panel would send it to the server.
import { useState, type ReactNode } from "react";
import { page, type Locator } from "vitest/browser";
import { render } from "vitest-browser-react";
import type { Tool } from "@/lib/domain/mcp-types";
import { ToolForm } from "../tool-form";
import { demoTool } from "./demo-fixtures";

function Harness({
  tool,
  initial,
  onSubmit,
}: {
  tool: Tool;
  initial: Record<string, unknown>;
  onSubmit: (value: Record<string, unknown>) => void;
}): ReactNode {
  const [value, setValue] = useState(initial);
  return (
    <main>
      <ToolForm tool={tool} value={value} onChange={setValue} onSubmit={onSubmit} running={false} />
    </main>
  );
}

export type RenderedForm = {
  /** Each value the form submitted, in order. */
  submitted: Record<string, unknown>[];
  /** A field by its label (RJSF appends "*" to required ones). */
  field: (label: string) => Locator;
  runButton: Locator;
  /** The texts of the form's list of errors at the top, and of each field's own errors. */
  errorList: () => string[];
  fieldErrors: () => string[];
  /** The form's whole text. */
  text: () => string;
  /** Resolves with the next value the form submits. */
  nextSubmit: () => Promise<Record<string, unknown>>;
};

const texts = (selector: string): string[] => [...document.querySelectorAll(selector)].map((element) => element.textContent ?? "");

/** `tool`: a demo server tool's name, or a definition (./demo-fixtures.ts `serverTool`). */
export async function renderToolForm(tool: string | Tool, initial: Record<string, unknown> = {}): Promise<RenderedForm> {
  const definition = typeof tool === "string" ? await demoTool(tool) : tool;
  const submitted: Record<string, unknown>[] = [];
  const waiting: ((value: Record<string, unknown>) => void)[] = [];
  const onSubmit = (value: Record<string, unknown>): void => {
    submitted.push(value);
    waiting.shift()?.(value);
  };
  await render(<Harness tool={definition} initial={initial} onSubmit={onSubmit} />);
  const escape = (label: string) => label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return {
    submitted,
    field: (label) => page.getByLabelText(new RegExp(`^${escape(label)}\\*?$`)),
    runButton: page.getByTestId("run-button"),
    errorList: () => texts(".rjsf-theme .panel.errors li"),
    fieldErrors: () => texts(".rjsf-theme .error-detail"),
    text: () => document.querySelector("form.rjsf-theme")?.textContent ?? "",
    nextSubmit: () => new Promise((resolve) => waiting.push(resolve)),
  };
}
