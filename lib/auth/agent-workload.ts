import "server-only";
// Workload identity for agents (SEP-1933), Toolscope as the authorization server: an agent that
// runs as a workload (a CI job, a service in Kubernetes) brings the JWT its platform gave it as an
// RFC 7523 JWT bearer grant, and acts as the person an admin named for that workload
// (TOOLSCOPE_AGENT_WORKLOADS: subject=email). Nobody consents for a workload: the mapping is the
// admin's decision, the person's role and access bound what the agent may do, and their audit
// records name both. Checked: the platform's published keys and issuer, an audience naming
// Toolscope's authorization server (its issuer or token endpoint), an expiry at most a day away,
// a mapped subject, a person who exists and is not disabled.
import { jwtVerify, type JWTPayload } from "jose";
import { database } from "@/lib/db";
import { issuer } from "./agent-oauth";
import { keysOf, refuse } from "./agent-id-jag";
import type { AssertedPerson } from "./id-jag-person";

/** A platform token lives an hour or so; one meant to last longer is a secret by another name. */
const MAX_LIFETIME_S = 24 * 60 * 60;

export async function verifiedWorkload(
  workloads: { issuer: string; people: ReadonlyMap<string, string> },
  assertion: string,
): Promise<{ payload: JWTPayload; person: AssertedPerson }> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(assertion, await keysOf(workloads.issuer), {
      issuer: workloads.issuer,
      audience: [issuer(), `${issuer()}/oauth2/token`],
      requiredClaims: ["exp", "sub"],
    }));
  } catch (error) {
    refuse(`The workload's JWT was refused: ${error instanceof Error ? error.message : String(error)}.`);
  }
  if (payload.exp! - Math.floor(Date.now() / 1000) > MAX_LIFETIME_S)
    refuse("The workload's JWT lives more than a day: Toolscope takes short-lived platform tokens only.");
  const email = workloads.people.get(payload.sub!);
  if (!email) refuse(`The workload ${payload.sub} acts as no one here: an admin names its person in TOOLSCOPE_AGENT_WORKLOADS.`);
  const db = await database();
  const row = await db
    .selectFrom("auth_user")
    .select(["id", "name", "email", "banned"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
    .executeTakeFirst();
  if (!row) refuse(`The workload ${payload.sub} acts as ${email}, who has no Toolscope account.`);
  return { payload, person: { id: row.id, name: row.name, email: row.email, banned: Boolean(row.banned) } };
}
