// The text widget for every string field: masked when the schema marks the value secret
// (writeOnly, or format "password"), wherever the field sits — under $ref, inside a oneOf
// variant or an array — which a uiSchema keyed by property path cannot reach.
import { type FormContextType, type RJSFSchema, type StrictRJSFSchema, type WidgetProps } from "@rjsf/utils";
import type { ReactNode } from "react";

function isSecret(schema: { writeOnly?: unknown; format?: unknown }): boolean {
  return schema.writeOnly === true || schema.format === "password";
}

export function SecretAwareTextWidget<T = unknown, S extends StrictRJSFSchema = RJSFSchema, F extends FormContextType = FormContextType>(
  props: WidgetProps<T, S, F>,
): ReactNode {
  const { BaseInputTemplate } = props.registry.templates;
  return (
    <BaseInputTemplate {...props} type={isSecret(props.schema as { writeOnly?: unknown; format?: unknown }) ? "password" : props.type} />
  );
}
