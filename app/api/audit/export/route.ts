import { exportAudit } from "@/lib/audit/export";
import { auditReaderFor } from "@/lib/mcp/server-access";
import { callerOf } from "@/lib/http/caller";
import { AuditExportSchema, storeFilters } from "@/lib/audit/query-schema";
import { respond } from "@/lib/http/respond";
import { parseSearchParams } from "@/lib/http/search-params";

export const dynamic = "force-dynamic";

/** The filtered audit log as a streamed download: `?format=jsonl|csv` plus the list's filters. */
export async function GET(request: Request) {
  let query;
  let reader;
  try {
    query = parseSearchParams(request, AuditExportSchema);
    reader = await auditReaderFor(callerOf(request));
  } catch (error) {
    return respond(() => Promise.reject(error));
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  return new Response(exportAudit(storeFilters(query), reader, query.format, request.signal), {
    headers: {
      "content-type": query.format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8",
      "content-disposition": `attachment; filename="toolscope-audit-${stamp}.${query.format}"`,
      "cache-control": "no-store",
    },
  });
}
