import "server-only";
// The server's half of SEP-2243 (2026-07-28): a tool whose schema mirrors arguments into
// `Mcp-Param-*` headers (x-mcp-header) lets intermediaries route on them, so the server must
// refuse a call whose headers and body disagree, before it runs (400, -32020). The SDK does this
// only for its high-level server; the gateway serves the targets' schemas, so it checks here.
import { xMcpHeaderDeclarations, type XMcpHeaderDeclaration } from "@/lib/mcp/x-mcp-header";
import type { Caller } from "@/lib/domain/roles";
import { withoutPinned, type ToolView } from "./tool-views";

/** The JSON-RPC code for headers that disagree with the body (2026-07-28's HeaderMismatch). */
export const HEADER_MISMATCH = -32020;
const PREFIX = "mcp-param-";
const SENTINEL = /^=\?base64\?(.*)\?=$/s;
const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A header value as sent: plain, or `=?base64?…?=` around canonical Base64 of UTF-8; undefined when that is malformed. */
export function decodeParamHeader(value: string): string | undefined {
  const wrapped = SENTINEL.exec(value);
  if (!wrapped) return value;
  const payload = wrapped[1]!;
  if (!CANONICAL_BASE64.test(payload)) return undefined;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(payload, "base64"));
  } catch {
    return undefined;
  }
}

/** How a client writes an argument into its header; undefined for a value no header carries. */
function asHeader(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return String(value);
  if (typeof value === "number" && Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value)))
    return String(value);
  return undefined;
}

function at(root: unknown, path: string[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

export type HeaderMismatch = { header: string; message: string };

/**
 * The first declared argument whose header is missing, malformed, or says something else than
 * the body; undefined when they agree. An argument absent from the body (or null) asks for no header.
 */
export function paramHeaderMismatch(declarations: XMcpHeaderDeclaration[], args: unknown, headers: Headers): HeaderMismatch | undefined {
  for (const { path, header, type } of declarations) {
    const name = `Mcp-Param-${header}`;
    const body = at(args, path);
    const expected = body === undefined || body === null ? undefined : asHeader(body);
    if (expected === undefined) continue;
    const sent = headers.get(`${PREFIX}${header}`);
    const where = `${path.join(".")}=${JSON.stringify(body)}`;
    if (sent === null) return { header: name, message: `the body carries ${where} but the ${name} header is absent` };
    const decoded = decodeParamHeader(sent);
    if (decoded === undefined) return { header: name, message: `the ${name} header carries an invalid Base64 value` };
    const numeric = (type === "integer" || type === "number") && typeof body === "number" && DECIMAL.test(decoded);
    if (numeric ? Number(decoded) !== body : decoded !== expected)
      return { header: name, message: `the ${name} header decodes to ${JSON.stringify(decoded)} but the body carries ${where}` };
  }
  return undefined;
}

/**
 * A 2026-07-28 `tools/call` whose `Mcp-Param-*` headers disagree with its body, answered as the
 * SDK answers its own: 400, -32020, the disagreeing pair in `data.mismatch`. Undefined for any
 * other request. The tool is the one the request's `Mcp-Name` names (the SDK checks that header
 * against the body); its schema is the one this endpoint lists, pinned arguments left out.
 */
export async function paramHeaderRefusal(request: Request, caller: Caller, view: ToolView): Promise<Response | undefined> {
  if (request.method !== "POST" || request.headers.get("mcp-method") !== "tools/call") return undefined;
  const sentName = request.headers.get("mcp-name");
  const name = sentName === null ? undefined : decodeParamHeader(sentName);
  if (!name) return undefined;
  const resolved = await view.resolve(caller, name);
  const tool = resolved?.connection.findTool(resolved.toolName);
  const declarations = tool ? xMcpHeaderDeclarations(withoutPinned(tool.inputSchema, resolved?.pinned)) : [];
  if (declarations.length === 0) return undefined;
  let body: { id?: unknown; params?: { arguments?: unknown } } | undefined;
  try {
    body = (await request.clone().json()) as typeof body;
  } catch {
    return undefined; // Not JSON: the SDK answers that.
  }
  const mismatch = paramHeaderMismatch(declarations, body?.params?.arguments, request.headers);
  if (!mismatch) return undefined;
  const id = typeof body?.id === "string" || typeof body?.id === "number" ? body.id : null;
  return Response.json(
    {
      jsonrpc: "2.0",
      id,
      error: {
        code: HEADER_MISMATCH,
        message: `Bad Request: the request headers and body disagree: ${mismatch.message}`,
        data: { mismatch: { header: mismatch.header, body: mismatch.message } },
      },
    },
    { status: 400 },
  );
}
