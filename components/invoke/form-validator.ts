// RJSF validators that need no 'unsafe-eval' (Ajv compiling in the browser uses `new
// Function`, which the production Content-Security-Policy forbids). The server compiles the
// schema in its dialect (POST /api/form-validator, lib/json-schema/precompile-validator.ts)
// into a CommonJS module; the browser runs it as a script from a blob: URL, which the CSP's
// 'strict-dynamic' allows because a script inserted it, and wraps its validate functions in
// RJSF's precompiled validator.
import type { CustomValidator, ErrorTransformer, RJSFSchema, UiSchema, ValidationData, ValidatorType } from "@rjsf/utils";
import type { ValidatorFunctions } from "@rjsf/validator-ajv8";
import AJV8PrecompiledValidator from "@rjsf/validator-ajv8/lib/precompiledValidator.js";
import equal from "ajv/dist/runtime/equal.js";
import ucs2length from "ajv/dist/runtime/ucs2length.js";
import validationError from "ajv/dist/runtime/validation_error.js";
import * as formats from "ajv-formats/dist/formats.js";
import { useEffect, useMemo, useState } from "react";
import { ApiError } from "@/lib/client/fetch-json";
import { selectedBranchErrors } from "./branch-errors";

export type FormValidatorState =
  { status: "preparing" } | { status: "ready"; validator: ValidatorType } | { status: "failed"; reason: string };

/** The compiled module's body, as a function of CommonJS's module, exports and require. */
export type ValidatorModule = (module: { exports: object }, exports: object, require: (name: string) => unknown) => void;

/** A CommonJS module's exports as the generated code reads them (`.default`), however the bundler imported it. */
function commonJs(imported: unknown): unknown {
  return typeof imported === "object" && imported !== null && "__esModule" in imported ? imported : { default: imported };
}

// What Ajv's standalone code require()s: its runtime helpers and the formats of the app's
// ajv-formats (the copy the server compiles with).
const RUNTIME: Record<string, unknown> = {
  "ajv/dist/runtime/equal": commonJs(equal),
  "ajv/dist/runtime/ucs2length": commonJs(ucs2length),
  "ajv/dist/runtime/validation_error": commonJs(validationError),
  "ajv-formats/dist/formats": formats,
};

function runtimeRequire(name: string): unknown {
  if (!Object.hasOwn(RUNTIME, name)) throw new Error(`The form's validator needs ${name}, which Toolscope's page does not provide.`);
  return RUNTIME[name];
}

/** Runs the compiled module with the runtime it requires; answers its validate functions. */
export function runValidatorModule(body: ValidatorModule): ValidatorFunctions {
  const compiled = { exports: {} };
  body(compiled, compiled.exports, runtimeRequire);
  return compiled.exports as ValidatorFunctions;
}

/**
 * The compiled module as a classic script that hands its body to `globalThis[slot]`. Only
 * text is joined: the browser parses it when the script runs, which the CSP allows.
 */
export function validatorScript(code: string, slot: string): string {
  return `globalThis[${JSON.stringify(slot)}](function (module, exports, require) {\n${code}\n});\n`;
}

/**
 * RJSF's precompiled validator, except that
 * - a sub-schema with no compiled function (RJSF's parser does not list every one, and of a
 *   recursive schema only the root is compiled) does not match, as RJSF's own validator
 *   answers for a schema it cannot compile;
 * - of a oneOf/anyOf, only the errors of the variant the form shows are reported. This is done
 *   here rather than in the form's `transformErrors` because which variant is shown depends on
 *   the data, which RJSF does not hand to `transformErrors`; the caller's transform still runs
 *   after it.
 */
class FormValidator extends AJV8PrecompiledValidator {
  override isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean {
    try {
      return super.isValid(schema, formData, rootSchema);
    } catch {
      return false;
    }
  }

  override validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator,
    transformErrors?: ErrorTransformer,
    uiSchema?: UiSchema,
  ): ValidationData<unknown> {
    const transform: ErrorTransformer = (errors, ui) => {
      const shown = selectedBranchErrors(errors, formData, this.rootSchema, this);
      return transformErrors ? transformErrors(shown, ui) : shown;
    };
    return super.validateFormData(formData, schema, customValidate, transform, uiSchema);
  }
}

/**
 * Checks nothing: for the JSON editor while the validator loads, or when the schema does not
 * compile (RJSF's own validator reports no errors for such a schema either).
 */
export const uncheckedValidator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: () => false,
  rawValidation: () => ({}),
};

export function formValidator(validateFns: ValidatorFunctions, schema: RJSFSchema): ValidatorType {
  return new FormValidator(validateFns, schema);
}

async function fetchValidatorCode(schema: RJSFSchema): Promise<string> {
  let response: Response;
  try {
    response = await fetch("/api/form-validator", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ schema }),
    });
  } catch {
    throw new ApiError("network", "Toolscope's server did not answer. Is it still running?", 0);
  }
  if (response.ok) return response.text();
  const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  throw new ApiError(body?.error?.code ?? "http", body?.error?.message ?? `Request failed with HTTP ${response.status}`, response.status);
}

let loads = 0;

function loadScript(code: string): Promise<ValidatorFunctions> {
  return new Promise((resolve, reject) => {
    const slot = `__toolscopeFormValidator${++loads}`;
    const url = URL.createObjectURL(new Blob([validatorScript(code, slot)], { type: "text/javascript" }));
    const script = document.createElement("script");
    const slots = globalThis as unknown as Record<string, unknown>;
    const done = (): void => {
      delete slots[slot];
      URL.revokeObjectURL(url);
      script.remove();
    };
    slots[slot] = (body: ValidatorModule) => {
      try {
        resolve(runValidatorModule(body));
      } catch (error) {
        reject(error);
      }
    };
    // After the script ran; a no-op once it has handed over its module.
    script.onload = () => {
      done();
      reject(new Error("The form's validator did not load."));
    };
    script.onerror = () => {
      done();
      reject(new Error("The form's validator could not be loaded."));
    };
    script.src = url;
    document.head.append(script);
  });
}

const PREPARING: FormValidatorState = { status: "preparing" };
const MAX_KEPT = 64;
/** Loads by schema text, oldest first; one that failed for a passing reason is dropped, to be tried again. */
const kept = new Map<string, { state: Promise<FormValidatorState>; settled?: FormValidatorState }>();

function validatorFor(key: string, schema: RJSFSchema): Promise<FormValidatorState> {
  const hit = kept.get(key);
  if (hit) return hit.state;
  const entry: { state: Promise<FormValidatorState>; settled?: FormValidatorState } = {
    state: fetchValidatorCode(schema)
      .then(loadScript)
      .then(
        (validateFns): FormValidatorState => ({ status: "ready", validator: formValidator(validateFns, schema) }),
        (error: unknown): FormValidatorState => {
          // The schema's own fault (400, 413) stays failed; a network or server failure does not.
          if (!(error instanceof ApiError && error.status >= 400 && error.status < 500)) kept.delete(key);
          return { status: "failed", reason: error instanceof Error ? error.message : String(error) };
        },
      )
      .then((state) => (entry.settled = state)),
  };
  kept.set(key, entry);
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  return entry.state;
}

/** The validator for a form's root schema: preparing, ready, or failed with a reason. */
export function useFormValidator(schema: RJSFSchema): FormValidatorState {
  const key = useMemo(() => JSON.stringify(schema), [schema]);
  const [loaded, setLoaded] = useState<{ key: string; state: FormValidatorState } | null>(null);
  const state = kept.get(key)?.settled ?? (loaded?.key === key ? loaded.state : PREPARING);
  useEffect(() => {
    if (state !== PREPARING) return;
    let live = true;
    void validatorFor(key, schema).then((next) => {
      if (live) setLoaded({ key, state: next });
    });
    return () => {
      live = false;
    };
  }, [key, schema, state]);
  return state;
}
