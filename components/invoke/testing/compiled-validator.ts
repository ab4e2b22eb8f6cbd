// The whole path of a form's validator but the network and the <script> element, for tests:
// the server compiles the schema, the code runs as the browser runs it (a classic script, in
// a realm of its own, where compiling strings into code is refused as under the production
// CSP), and RJSF's validator is built on the functions it hands over.
import vm from "node:vm";
import type { RJSFSchema, ValidatorType } from "@rjsf/utils";
import type { ValidatorFunctions } from "@rjsf/validator-ajv8";
import { precompileValidator } from "@/lib/json-schema/precompile-validator";
import { formValidator, runValidatorModule, validatorScript, type ValidatorModule } from "../form-validator";

export async function compiledValidator(schema: RJSFSchema): Promise<ValidatorType> {
  const code = await precompileValidator(schema);
  let validateFns: ValidatorFunctions | undefined;
  const context = vm.createContext(
    { loaded: (body: ValidatorModule) => (validateFns = runValidatorModule(body)) },
    { codeGeneration: { strings: false, wasm: false } },
  );
  vm.runInContext(validatorScript(code, "loaded"), context);
  if (!validateFns) throw new Error("The compiled validator did not hand over its functions.");
  return formValidator(validateFns, schema);
}
