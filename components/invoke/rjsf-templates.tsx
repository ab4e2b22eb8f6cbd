// Templates that replace RJSF's defaults where those read badly: an array's items are titled
// "tasks-1", "tasks-2"; Toolscope shows "tasks #1". (Buttons live in rjsf-buttons.tsx.)
import { getDefaultRegistry } from "@rjsf/core";
import type { FieldTemplateProps, TitleFieldProps, UnsupportedFieldProps } from "@rjsf/utils";
import type { ReactNode } from "react";

const defaults = getDefaultRegistry().templates;

/** "tasks-1" → "tasks #1", but only for an array item's generated title (its id ends in _<index>). */
export function itemTitle(id: string, title: string | undefined): string | undefined {
  const index = /_(\d+)(?:__title)?$/.exec(id)?.[1];
  if (title === undefined || index === undefined) return title;
  const suffix = `-${Number(index) + 1}`;
  return title.endsWith(suffix) ? `${title.slice(0, -suffix.length)} #${Number(index) + 1}` : title;
}

export function TitleFieldTemplate(props: TitleFieldProps): ReactNode {
  const Default = defaults.TitleFieldTemplate;
  return <Default {...props} title={itemTitle(props.id, props.title) ?? ""} />;
}

export function FieldTemplate(props: FieldTemplateProps): ReactNode {
  const Default = defaults.FieldTemplate;
  return <Default {...props} label={itemTitle(props.id, props.label) ?? ""} />;
}

/**
 * RJSF draws "Unsupported field schema" inline and carries on; Toolscope would rather switch
 * the whole form to the JSON editor (which still validates) and say why, so this throws to
 * the FormBoundary around the form.
 */
export function UnsupportedFieldTemplate({ reason, fieldPathId }: UnsupportedFieldProps): ReactNode {
  const path = fieldPathId?.path ?? [];
  const where = path.length ? ` at ${path.join(".")}` : " at the top level";
  throw new Error(`${reason ?? "a part of the schema the form does not support"}${where}`);
}

export const formTemplates = { TitleFieldTemplate, FieldTemplate };
