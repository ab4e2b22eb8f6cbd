// Keeps, of a oneOf/anyOf's errors, only those of the variant the form shows. Ajv checks the
// data against every variant and reports why each one failed, so a form where the user picked
// "Webhook" would also list "must have required property 'to'" (the Email variant) and "must
// match exactly one schema in oneOf". The variant is chosen as RJSF's variant picker chooses it
// (getClosestMatchingOption on the same data), so the errors shown are those of the fields on
// screen.
import { getClosestMatchingOption, getDiscriminatorFieldFromSchema, retrieveSchema } from "@rjsf/utils";
import type { RJSFSchema, RJSFValidationError, ValidatorType } from "@rjsf/utils";

type Schema = Record<string, unknown>;

function isObject(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The node a local JSON pointer ("#/properties/a/oneOf") names in the root schema. */
function atPointer(root: unknown, pointer: string): unknown {
  if (pointer === "#") return root;
  if (!pointer.startsWith("#/")) return undefined;
  let node = root;
  for (const token of pointer.slice(2).split("/")) {
    const key = token.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObject(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

/**
 * Where an error raised inside `variant` can say it came from: the variant's own path, and the
 * targets of the local $refs reachable from it (Ajv reports an error in a referenced schema by
 * the reference's target, "#/$defs/email/required", not by the path that led there).
 */
function variantPaths(root: unknown, variant: unknown, path: string): string[] {
  const paths = [path];
  const seen = new Set<string>();
  const stack: unknown[] = [variant];
  // Bounded: a schema of hostile size must not hold the form up.
  for (let visited = 0; stack.length && visited < 2_000; visited++) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    if (!isObject(node)) continue;
    const ref = node.$ref;
    if (typeof ref === "string" && ref.startsWith("#") && !seen.has(ref)) {
      seen.add(ref);
      paths.push(ref);
      stack.push(atPointer(root, ref));
    }
    stack.push(...Object.values(node));
  }
  return paths;
}

const within = (schemaPath: string, paths: string[]): boolean => paths.some((p) => schemaPath === p || schemaPath.startsWith(`${p}/`));

/** An error's property (".channel.url"; a missing property at the top has no dot: "metric") as a path into the form data. */
export function dataPath(property: string | undefined): string[] {
  return (property ?? "").split(".").filter((key, i) => i > 0 || key !== "");
}

export function dataAt(formData: unknown, path: string[]): unknown {
  let node = formData;
  for (const key of path) node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
  return node;
}

function isAtOrBelow(error: RJSFValidationError, path: string[]): boolean {
  const own = dataPath(error.property);
  return own.length >= path.length && path.every((key, i) => own[i] === key);
}

/**
 * The errors without those of the variants not shown. A oneOf/anyOf's own error ("must match
 * exactly one schema") goes too when the shown variant's errors say what is wrong; it stays when
 * they do not (the data fits several variants of a oneOf, say), so the form still refuses it.
 */
export function selectedBranchErrors(
  errors: RJSFValidationError[],
  formData: unknown,
  rootSchema: RJSFSchema,
  validator: ValidatorType,
): RJSFValidationError[] {
  const dropped = new Set<RJSFValidationError>();
  for (const error of errors) {
    if ((error.name !== "oneOf" && error.name !== "anyOf") || !error.schemaPath) continue;
    const variants = atPointer(rootSchema, error.schemaPath);
    const parent = atPointer(rootSchema, error.schemaPath.slice(0, error.schemaPath.lastIndexOf("/")));
    if (!Array.isArray(variants) || !isObject(parent)) continue;
    const path = dataPath(error.property);
    const data = dataAt(formData, path);
    let shown: number;
    try {
      const options = variants.map((v) => retrieveSchema(validator, (isObject(v) ? v : {}) as RJSFSchema, rootSchema, data));
      shown = getClosestMatchingOption(validator, rootSchema, data, options, 0, getDiscriminatorFieldFromSchema(parent as RJSFSchema));
    } catch {
      continue;
    }
    const pathsOf = variants.map((v, i) => variantPaths(rootSchema, v, `${error.schemaPath}/${i}`));
    const shownPaths = pathsOf[shown] ?? [];
    const hiddenPaths = pathsOf.filter((_, i) => i !== shown).flat();
    let shownHasErrors = false;
    for (const other of errors) {
      if (other === error || !other.schemaPath || !isAtOrBelow(other, path)) continue;
      // A schema shared by the shown variant and another one counts as the shown one's.
      if (within(other.schemaPath, shownPaths)) shownHasErrors = true;
      else if (within(other.schemaPath, hiddenPaths)) dropped.add(other);
    }
    if (shownHasErrors) dropped.add(error);
  }
  return errors.filter((e) => !dropped.has(e));
}
