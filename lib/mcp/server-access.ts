import "server-only";
// Access per server: a server whose config names people (by email) or groups (from the
// identity provider's claim) is for them and for admins only. Whoever else asks does not see
// it: not in lists, not in the catalog, not in the audit log, and its routes answer 404.
import { readerOf, type AuditReader } from "@/lib/audit/visibility";
import { can, type Caller } from "@/lib/domain/roles";
import type { ServerAccess } from "@/lib/domain/server-config";
import { registeredServers } from "./registry";

export function mayUseServer(caller: Caller, access: ServerAccess | undefined): boolean {
  if (!access || (access.people.length === 0 && access.groups.length === 0)) return true;
  if (can(caller, "servers:manage")) return true;
  if (caller.email && access.people.includes(caller.email.toLowerCase())) return true;
  return caller.groups.some((group) => access.groups.includes(group));
}

/** The ids of the servers this caller may not use. */
export async function hiddenServerIds(caller: Caller): Promise<Set<string>> {
  if (can(caller, "servers:manage")) return new Set();
  const servers = await registeredServers();
  return new Set(servers.filter((s) => !mayUseServer(caller, s.config.access)).map((s) => s.config.id));
}

/** For the audit log: auditors read every server's records, others only those of servers they may use. */
export async function hiddenFromAudit(caller: Caller): Promise<Set<string>> {
  return can(caller, "audit:payloads") ? new Set() : hiddenServerIds(caller);
}

/** What of the audit log this caller reads (lib/audit/visibility.ts): the servers they may not see are left out. */
export async function auditReaderFor(caller: Caller): Promise<AuditReader> {
  return readerOf(caller, await hiddenFromAudit(caller));
}
