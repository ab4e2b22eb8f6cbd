import "server-only";
// The people with accounts, as every list and count of them reads them: the auth_user rows but
// the bootstrap admin's own (TOOLSCOPE_API_TOKEN signs in as it; it is nobody's account, never
// listed, never counted as "people exist"). One place decides it, for the People page, the
// audit log's person filter and the switch from local mode to accounts.
import type { Kysely } from "kysely";
import { BOOTSTRAP_EMAIL } from "@/lib/domain/reserved-identity";
import type { Database } from "./schema";

export function peopleRows(db: Kysely<Database>) {
  return db.selectFrom("auth_user").where("email", "!=", BOOTSTRAP_EMAIL);
}
