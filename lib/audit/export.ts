import "server-only";
// The filtered audit log as a download, streamed page by page so that a million records
// never sit in memory: JSONL (one record a line, as the API returns them) or CSV.
import { auditStore } from "./index";
import type { AuditEntry } from "./entry";
import { entryFor, readableFilters, type AuditReader } from "./visibility";
import { RECORD_COLUMNS, type AuditFilters } from "./store";

const PAGE = 500;

const CSV_COLUMNS: readonly (keyof AuditEntry)[] = RECORD_COLUMNS;

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  // Quote everything that needs it; a leading =, +, - or @ is defused so that spreadsheets
  // do not run a server-supplied string as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function line(entry: AuditEntry, format: "jsonl" | "csv"): string {
  return format === "jsonl" ? `${JSON.stringify(entry)}\n` : `${CSV_COLUMNS.map((c) => csvCell(entry[c])).join(",")}\r\n`;
}

export function exportAudit(
  filters: AuditFilters,
  reader: AuditReader,
  format: "jsonl" | "csv",
  signal?: AbortSignal,
): ReadableStream<Uint8Array> {
  const readable = readableFilters(filters, reader);
  const encoder = new TextEncoder();
  let cursor: string | undefined;
  let started = false;
  const store = auditStore();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (signal?.aborted) return controller.close();
      const records = await (await store).listInvocations({ ...readable, limit: PAGE, before: cursor });
      let chunk = !started && format === "csv" ? `${CSV_COLUMNS.join(",")}\r\n` : "";
      started = true;
      for (const record of records) chunk += line(entryFor(record, reader), format);
      if (chunk) controller.enqueue(encoder.encode(chunk));
      if (records.length < PAGE) controller.close();
      else cursor = records.at(-1)!.id;
    },
  });
}
