// Buttons for RJSF forms in Toolscope's style: labelled, visible, keyboard-reachable
// (the core theme draws Bootstrap glyphicons that do not exist here).
import type { IconButtonProps, FormContextType, RJSFSchema, StrictRJSFSchema } from "@rjsf/utils";
import type { ReactNode } from "react";

const BASE =
  "inline-flex h-7 items-center gap-1 rounded-md border px-2 text-xs font-medium disabled:cursor-not-allowed disabled:opacity-40 border-zinc-200 bg-white text-zinc-700 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800";

function makeButton(label: string, glyph: string, danger = false) {
  function Button<T = unknown, S extends StrictRJSFSchema = RJSFSchema, F extends FormContextType = FormContextType>(
    props: IconButtonProps<T, S, F>,
  ): ReactNode {
    const { iconType: _iconType, icon: _icon, uiSchema: _uiSchema, registry: _registry, className: _className, ...rest } = props;
    return (
      <button
        type="button"
        title={label}
        aria-label={label}
        className={`${BASE} ${danger ? "hover:text-rose-600 dark:hover:text-rose-400" : ""}`}
        {...rest}
      >
        <span aria-hidden>{glyph}</span>
        {glyph === "+" && <span>{label}</span>}
      </button>
    );
  }
  Button.displayName = `${label.replace(/\s/g, "")}Button`;
  return Button;
}

export const buttonTemplates = {
  AddButton: makeButton("Add item", "+"),
  CopyButton: makeButton("Copy item", "⧉"),
  MoveUpButton: makeButton("Move up", "↑"),
  MoveDownButton: makeButton("Move down", "↓"),
  RemoveButton: makeButton("Remove item", "✕", true),
  ClearButton: makeButton("Clear", "✕"),
};
