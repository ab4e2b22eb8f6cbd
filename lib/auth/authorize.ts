// The front door's third step: may this caller use this route or page? One table for the API
// (lib/http/api-routes.ts) and one rule for pages below, applied to every request, so no
// route handler or page decides access on its own. Pure.
import type { ErrorCode } from "@/lib/errors";
import type { Access } from "@/lib/http/api-routes";
import { decisionCredentialRefusal } from "../domain/approvals";
import { can, ROLE_LABELS, type Caller, type Permission } from "../domain/roles";

export type Decision = { ok: true } | { ok: false; status: 401 | 403; code: ErrorCode; message: string };

const PERMISSION_NEEDS: Record<Permission, string> = {
  "catalog:read": "browsing servers and tools",
  "tools:call": "calling tools (the operator or admin role)",
  "audit:read": "reading the audit log",
  "audit:payloads": "reading everyone's call payloads (the auditor or admin role)",
  "servers:manage": "managing servers (the admin role)",
  "people:manage": "managing people (the admin role)",
};

/** Next's built assets: plain file names only (no encoded characters, no dot segments). */
const PUBLIC_ASSET = /^\/_next\/static\/(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*\/)*[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;

/** Pages: the sign-in page and built assets are open; the people page is for admins; the rest need the catalog. */
export function pageAccess(pathname: string): Access {
  if (pathname === "/login" || pathname === "/favicon.ico" || pathname === "/icon.svg" || PUBLIC_ASSET.test(pathname)) return "public";
  // Authorization servers fetch it, signed in to nothing.
  if (pathname === "/oauth/client-metadata.json") return "public";
  // Why an agent's authorization request could not go on: the person may not be signed in yet.
  if (pathname === "/oauth/error") return "public";
  if (pathname === "/people" || pathname.startsWith("/people/")) return "people:manage";
  if (pathname === "/account" || pathname.startsWith("/account/")) return "account";
  // A person granting an agent access as themselves: only they, signed in, may.
  if (pathname === "/oauth/consent") return "account";
  if (pathname === "/audit" || pathname.startsWith("/audit/")) return "audit:read";
  // Who called what through /mcp, from the audit log.
  if (pathname === "/agents") return "audit:read";
  return "catalog:read";
}

export function decide(access: Access, caller: Caller): Decision {
  if (access === "public") return { ok: true };
  if (caller.role === null) {
    return { ok: false, status: 401, code: "unauthorized:token", message: "Sign in first, or send `Authorization: Bearer <token>`." };
  }
  if (access === "signed-in") return { ok: true };
  if (access === "no-token" || access === "account") {
    // A token must not mint a wider one, revoke its owner's others, nor read or end their sessions.
    if (caller.scopes !== null) {
      return {
        ok: false,
        status: 403,
        code: "forbidden:scope",
        message: "Personal tokens cannot manage tokens, sessions, passwords or model keys: sign in to do that.",
      };
    }
    if (access === "no-token") return { ok: true };
    return caller.userId
      ? { ok: true }
      : {
          ok: false,
          status: 403,
          code: "bad_request:no_account",
          message:
            "Only people with an account have personal tokens and sessions; sign in with one (local mode and the bootstrap token have none).",
        };
  }
  if (access === "decide") {
    const refusal = decisionCredentialRefusal(caller);
    if (refusal) return { ok: false, status: 403, code: "forbidden:credential", message: refusal };
    return can(caller, "tools:call")
      ? { ok: true }
      : {
          ok: false,
          status: 403,
          code: "forbidden:role",
          message: `Your role (${ROLE_LABELS[caller.role]}) does not allow ${PERMISSION_NEEDS["tools:call"]}, so you cannot decide agents' calls. Ask an admin.`,
        };
  }
  if (can(caller, access)) return { ok: true };
  if (caller.scopes !== null && can({ ...caller, scopes: null }, access)) {
    return {
      ok: false,
      status: 403,
      code: "forbidden:scope",
      message: `The personal token "${caller.tokenName ?? ""}" has the scope ${caller.scopes.join(", ")}, which does not allow ${PERMISSION_NEEDS[access]}.`,
    };
  }
  return {
    ok: false,
    status: 403,
    code: "forbidden:role",
    message: `Your role (${ROLE_LABELS[caller.role]}) does not allow ${PERMISSION_NEEDS[access]}. Ask an admin.`,
  };
}
