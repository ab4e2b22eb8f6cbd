import "server-only";
// Who sees and changes saved calls and collections. Each belongs to the person who saved it
// (in local mode, to its one user) and is private to them or shared with everyone who may
// browse; a saved call of a server hidden from someone is hidden from them too. Its owner
// changes it; an admin may also change or remove a shared one.
import { can, type Caller } from "@/lib/domain/roles";
import { AppError } from "@/lib/errors";
import type { Visibility } from "@/lib/domain/saved-shapes";

type Owned = { owner_id: string | null; visibility: string };

export function isOwner(caller: Caller, row: Owned): boolean {
  return row.owner_id === caller.userId;
}

export function maySee(caller: Caller, row: Owned): boolean {
  return row.visibility === "shared" || isOwner(caller, row);
}

export function mayChange(caller: Caller, row: Owned): boolean {
  return isOwner(caller, row) || (row.visibility === "shared" && can(caller, "people:manage"));
}

export function assertMayChange(caller: Caller, row: Owned): void {
  if (!mayChange(caller, row)) throw new AppError("forbidden:saved");
}

/** In local mode there is nobody to hide from: what its one user saves stays visible once people arrive. */
export function visibilityFor(caller: Caller, asked: Visibility): Visibility {
  return caller.authMethod === "local" ? "shared" : asked;
}
