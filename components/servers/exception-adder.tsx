"use client";

// "Exception for a tool": a tool picker and Add, for the people's rules and the agents' rules of
// a server's policy alike. The picker starts afresh once a tool is added.
import { Button } from "@/components/ui/button";
import { useState, type ReactNode } from "react";
import { BUTTON_SECONDARY } from "@/components/ui/classes";
import { ToolPicker } from "@/components/ui/tool-picker";

export function ExceptionAdder({
  names,
  added,
  label,
  addLabel,
  testId,
  onAdd,
}: {
  /** The tools that may get an exception (those without one). */
  names: string[];
  /** How many exceptions there are: a new one gives a fresh picker. */
  added: number;
  /** The picker's accessible name. */
  label: string;
  /** The Add button's accessible name, when "Add" alone would be ambiguous. */
  addLabel?: string;
  testId: string;
  onAdd: (tool: string) => void;
}): ReactNode {
  const [adding, setAdding] = useState("");
  return (
    <div className="flex flex-wrap items-center gap-3 py-2 text-[13px]">
      <span className="w-40 text-zinc-600 dark:text-zinc-400">Exception for a tool</span>
      <ToolPicker key={added} label={label} names={names} value={adding} onChange={setAdding} testId={testId} />
      <Button
        className={BUTTON_SECONDARY}
        aria-label={addLabel}
        isDisabled={!adding}
        onPress={() => {
          onAdd(adding);
          setAdding("");
        }}
      >
        Add
      </Button>
    </div>
  );
}
