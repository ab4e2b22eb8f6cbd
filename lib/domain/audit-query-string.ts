// The audit page's URL query from its filter values (and extras such as a cursor or an
// export format); shared by the page (server) and its filter bar (browser).
export type AuditFilterValues = {
  server: string;
  tool: string;
  outcome: string;
  actor: string;
  /** A person's user id. */
  person: string;
  /** "call", "event" or an event's kind. */
  kind: string;
  /** Where calls were made from: "app", "console", "saved", or one exact via (lib/domain/audit-via.ts). */
  via: string;
  from: string;
  to: string;
  q: string;
};

export function auditQueryString(values: Partial<AuditFilterValues>, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...values, ...extra })) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}
