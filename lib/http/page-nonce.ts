import "server-only";
// The nonce of this request's Content-Security-Policy (set by the front door, lib/http/
// security-headers.ts), for the few scripts a page writes itself. Next finds it on its own for
// the scripts it renders.
import { headers } from "next/headers";
import { CSP_HEADER } from "./security-headers";

export async function pageNonce(): Promise<string | undefined> {
  return /'nonce-([^']+)'/.exec((await headers()).get(CSP_HEADER) ?? "")?.[1];
}
