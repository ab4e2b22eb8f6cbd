"use client";

// A prompt's or a resource template's argument, with the server's completions (completion/
// complete) offered as it is typed: a React Aria combobox that keeps whatever is typed (the
// server only suggests), announces the suggestions, and is driven by arrows, Enter and Escape.
// A <datalist> did this before, with a popup each browser draws its own way, if at all.
import { useContext, useEffect, type ReactNode } from "react";
import { ComboBox, ComboBoxStateContext, Input, ListBox, ListBoxItem, Popover } from "react-aria-components";
import { INPUT } from "@/components/ui/classes";

/**
 * React Aria opens the list as the input changes, but the server's suggestions come after the
 * typing that asked for them: this opens it when they arrive, while the field has focus. Not for
 * a list that only repeats the value (just picked), which would open again at once.
 */
function OpenWhenSuggested({ suggestions, value }: { suggestions: readonly string[]; value: string }): null {
  const state = useContext(ComboBoxStateContext);
  useEffect(() => {
    if (!state || !state.isFocused || state.isOpen || suggestions.length === 0) return;
    if (suggestions.length === 1 && suggestions[0] === value) return;
    state.open(null, "input");
    // Only a new list of suggestions opens it: not a render that Escape closed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [suggestions]);
  return null;
}

export function CompletionInput({
  id,
  labelledBy,
  describedBy,
  required,
  value,
  suggestions,
  onChange,
}: {
  /** The input's id, for the visible <label htmlFor>. */
  id: string;
  /** The id of that label, which names the combobox too. */
  labelledBy: string;
  describedBy?: string | undefined;
  required?: boolean | undefined;
  value: string;
  suggestions: readonly string[];
  onChange: (value: string) => void;
}): ReactNode {
  return (
    <ComboBox
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      isRequired={required}
      allowsCustomValue
      menuTrigger="input"
      inputValue={value}
      onInputChange={onChange}
      onSelectionChange={(key) => key !== null && onChange(String(key))}
      // The server chose them for what was typed; filtering again could hide its best matches.
      defaultFilter={() => true}
      items={suggestions.map((suggestion) => ({ id: suggestion }))}
      className="relative mt-1"
    >
      <Input id={id} className={INPUT} />
      <OpenWhenSuggested suggestions={suggestions} value={value} />
      <Popover
        className="max-h-60 w-(--trigger-width) overflow-auto rounded-md border border-zinc-200 bg-white text-[13px] shadow-lg dark:border-zinc-800 dark:bg-zinc-950"
        data-testid="completion-suggestions"
      >
        <ListBox<{ id: string }> className="outline-none">
          {(item) => (
            <ListBoxItem
              id={item.id}
              textValue={item.id}
              className="cursor-default px-2 py-1 outline-none data-[focused]:bg-indigo-50 dark:data-[focused]:bg-indigo-950/50"
            >
              {item.id}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
