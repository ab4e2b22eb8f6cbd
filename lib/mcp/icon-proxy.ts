import "server-only";
// Tool icons at http(s) URLs are fetched by Toolscope's server, never by the browser: only
// URLs that a connected server lists as an icon (so the browser cannot make Toolscope fetch
// anything else), only addresses the outbound guard allows, only image types a browser
// renders inertly, and only up to a size limit.
import { AppError } from "@/lib/errors";
import { processWide } from "@/lib/process-wide";
import type { Caller } from "@/lib/domain/roles";
import { connectionFor } from "./pool";
import { transportFetch } from "../oauth/transport-fetch";

const ALLOWED_TYPES = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/svg+xml",
  "image/avif",
  "image/x-icon",
  "image/vnd.microsoft.icon",
]);
const MAX_BYTES = 512 * 1024;
const TIMEOUT_MS = 5_000;
const CACHE_MS = 10 * 60_000;
const CACHE_ENTRIES = 500;

export type IconBody = { type: string; bytes: Uint8Array };

const cache = processWide("icon-cache", () => new Map<string, { at: number; icon: IconBody }>());

async function readCapped(response: Response): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > MAX_BYTES) throw new AppError("bad_request:icon", `The icon is ${declared} bytes; the limit is ${MAX_BYTES}.`);
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel();
      throw new AppError("bad_request:icon", `The icon is larger than ${MAX_BYTES} bytes.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export async function fetchToolIcon(serverId: string, src: string, caller?: Caller): Promise<IconBody> {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    throw new AppError("bad_request:icon", "The icon URL is not a URL.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new AppError("bad_request:icon", "Only http(s) icons are fetched.");
  const connection = await connectionFor(serverId, caller);
  // A tool's icon, or the server's own (its serverInfo).
  const listed = [...connection.catalog().tools, connection.snapshot().serverInfo].some((named) =>
    named?.icons?.some((icon) => icon.src === src),
  );
  if (!listed) throw new AppError("not_found:icon");

  const key = `${serverId}\u0000${src}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.icon;

  let response: Response;
  try {
    // Through the outbound guard: an icon URL is the server's to choose, and may point anywhere.
    response = await transportFetch(url, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: "follow",
      headers: { accept: [...ALLOWED_TYPES].join(",") },
    });
  } catch (error) {
    throw new AppError("bad_request:icon", `The icon could not be fetched: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw new AppError("bad_request:icon", `The icon's server answered HTTP ${response.status}.`);
  const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!ALLOWED_TYPES.has(type)) throw new AppError("bad_request:icon", `"${type || "no type"}" is not an image type Toolscope shows.`);
  const icon = { type, bytes: await readCapped(response) };
  if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, { at: Date.now(), icon });
  return icon;
}
