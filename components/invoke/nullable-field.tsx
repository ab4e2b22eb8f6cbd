"use client";

// A field whose schema is "S or null" (anyOf/oneOf of S and {type: "null"}). RJSF's own
// variant picker never sets null: it renders nothing for the null variant, so choosing it
// sends no value at all. Here null is a checkbox beside the field: ticked, the value is null;
// unticked, the field for S takes over. Validation still runs against the original schema.
import type { FieldProps, RJSFSchema } from "@rjsf/utils";
import type { ReactNode } from "react";
import { nonNullVariant } from "@/lib/domain/nullable-schema";
import { Checkbox } from "@/components/ui/checkbox";

/**
 * What unticking "null" leaves: an empty value of the other type. Not undefined, which RJSF
 * would fill with the schema's default, often null itself, ticking the box again.
 */
function emptyValueOf(schema: Record<string, unknown>): unknown {
  switch (schema.type) {
    case "string":
      return "";
    case "boolean":
      return false;
    case "array":
      return [];
    case "object":
      return {};
    default:
      return undefined;
  }
}

export function NullableField(props: FieldProps): ReactNode {
  const { schema, formData, onChange, fieldPathId, registry, uiSchema, name, disabled, readonly } = props;
  const inner = nonNullVariant(schema);
  const SchemaField = registry.fields.SchemaField!;
  if (!inner) return <SchemaField {...props} uiSchema={{ ...uiSchema, "ui:field": undefined }} />;
  const isNull = formData === null;
  const label = (schema.title as string | undefined) ?? name;
  // The property's own name or title, not a variant's ("Text"), labels the field.
  const merged = { ...inner, title: label, description: schema.description ?? inner.description } as RJSFSchema;
  return (
    <div className="rjsf-nullable" data-testid="nullable-field">
      <Checkbox
        className="mb-1 flex items-center gap-1.5 text-[12px] font-normal text-muted"
        isSelected={isNull}
        isDisabled={disabled || readonly}
        onChange={(checked) => onChange(checked ? null : emptyValueOf(inner), fieldPathId.path)}
        label={`${label}: send null`}
      >
        {label}: null
      </Checkbox>
      {!isNull && (
        <SchemaField
          {...props}
          schema={merged}
          uiSchema={{ ...uiSchema, "ui:field": undefined, "ui:fieldReplacesAnyOrOneOf": undefined, "ui:title": label }}
        />
      )}
    </div>
  );
}
