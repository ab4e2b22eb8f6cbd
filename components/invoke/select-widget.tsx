// RJSF's select, plus a label for the oneOf/anyOf variant picker, which RJSF renders without
// one (its field's label points at the variant's input, not at the picker).
import { getDefaultRegistry } from "@rjsf/core";
import type { WidgetProps } from "@rjsf/utils";
import type { ReactNode } from "react";

const DefaultSelect = getDefaultRegistry().widgets.SelectWidget!;

export function SelectWidget(props: WidgetProps): ReactNode {
  const variantPicker = /__(one|any)of_select$/.test(props.name);
  return (
    <>
      {variantPicker && (
        <label htmlFor={props.id} className="sr-only">
          {`${props.label || props.name.replace(/__(one|any)of_select$/, "")}: kind of value`}
        </label>
      )}
      <DefaultSelect {...props} />
    </>
  );
}
