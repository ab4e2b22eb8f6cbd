// Creates a person, usually the first admin of a fresh install (no network needed):
//   npm run user:create -- --admin alice@example.com [--name "Alice Doe"]
//   npm run user:create -- bob@example.com --role operator [--sso-only]
// Prints a one-time password to give them (not stored anywhere in clear; they can change it on
// their account page). Uses the configured database (TOOLSCOPE_DATA_DIR or DATABASE_URL).
import { parseArgs } from "node:util";
import { invitePerson } from "@/lib/auth/people";
import { isRole, ROLES, type Role } from "@/lib/domain/roles";
import { databaseTarget } from "@/lib/db";
import { describeTarget } from "@/lib/db/connect";

function usage(message: string): never {
  console.error(
    `${message}\nUsage: npm run user:create -- [--admin] <email> [--name "Full Name"] [--role ${ROLES.join("|")}] [--sso-only]`,
  );
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { admin: { type: "boolean" }, name: { type: "string" }, role: { type: "string" }, "sso-only": { type: "boolean" } },
  });
} catch (error) {
  usage(error instanceof Error ? error.message : String(error));
}
const { values, positionals } = parsed;
const email = positionals[0];
if (!email || positionals.length > 1 || !/^[^@\s]+@[^@\s]+$/.test(email)) usage("Give exactly one email address.");
if (values.admin && values.role && values.role !== "admin") usage("--admin and --role disagree.");
const role: Role = values.admin
  ? "admin"
  : values.role === undefined
    ? "viewer"
    : isRole(values.role)
      ? values.role
      : usage(`Unknown role "${values.role}".`);

try {
  const { person, password } = await invitePerson(
    { email, name: values.name, role, password: values["sso-only"] ? "none" : "generate" },
    {
      actor: "command line (npm run user:create)",
      clientIp: null,
    },
  );
  console.log(`Created ${person.name} <${person.email}> as ${person.role} in ${describeTarget(databaseTarget())}.`);
  if (password) {
    console.log(`\nOne-time password (shown only now): ${password}\n`);
    console.log("Sign in at /login with it, then change it on the Account page.");
  } else {
    console.log("They sign in with single sign-on.");
  }
  process.exit(0);
} catch (error) {
  console.error(`Could not create the account: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
