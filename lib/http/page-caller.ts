import "server-only";
// The caller of a page (a server component): the front door stamped it on the request, as for
// API routes (lib/http/caller.ts).
import { headers } from "next/headers";
import type { Caller } from "@/lib/domain/roles";
import { CALLER_HEADER } from "@/lib/http/caller-header";
import { anyCallerOf } from "./caller";

export async function pageCaller(): Promise<Caller> {
  const stamped = (await headers()).get(CALLER_HEADER);
  return anyCallerOf(new Request("http://toolscope.invalid/", { headers: stamped ? { [CALLER_HEADER]: stamped } : {} }));
}
