"use client";

// A person's personal tokens as a table, with Revoke: used on one's own account page and by
// admins on the people page.
import type { ReactNode } from "react";
import type { PersonalToken } from "@/lib/auth/personal-tokens-shape";
import { Button } from "@/components/ui/button";
import { Cell, DataTable, Row, TEXT_BUTTON_FOCUS } from "@/components/ui/table";

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "—";
}

export function tokenStatus(token: PersonalToken, now = Date.now()): "active" | "revoked" | "expired" {
  if (token.revokedAt) return "revoked";
  if (token.expiresAt && Date.parse(token.expiresAt) <= now) return "expired";
  return "active";
}

const STATUS_CLASS = {
  active: "bg-emerald-50 text-emerald-700 dark:bg-emerald-950/50 dark:text-emerald-300",
  revoked: "bg-zinc-100 text-muted dark:bg-zinc-800 dark:text-zinc-400",
  expired: "bg-amber-50 text-amber-700 dark:bg-amber-950/50 dark:text-amber-300",
};

export function TokenList({ tokens, onRevoke }: { tokens: PersonalToken[]; onRevoke: (token: PersonalToken) => void }): ReactNode {
  if (tokens.length === 0) return <p className="text-[13px] text-muted">No personal tokens yet.</p>;
  return (
    <DataTable
      label="Personal tokens"
      columns={["Name", "Scopes", "Created", "Expires", "Last used", "Status", ""]}
      caps
      testId="token-list"
      bodyClassName="divide-y divide-zinc-100 dark:divide-zinc-900"
    >
      {tokens.map((token) => {
        const status = tokenStatus(token);
        return (
          <Row key={token.id} data-testid={`token-${token.name}`}>
            <Cell className="py-2 pr-3 font-medium">{token.name}</Cell>
            <Cell className="py-2 pr-3 font-mono text-xs">{token.scopes.join(", ")}</Cell>
            <Cell className="py-2 pr-3 text-muted">{when(token.createdAt)}</Cell>
            <Cell className="py-2 pr-3 text-muted">{token.expiresAt ? when(token.expiresAt) : "never"}</Cell>
            <Cell className="py-2 pr-3 text-muted">{when(token.lastUsedAt)}</Cell>
            <Cell className="py-2 pr-3">
              <span className={`rounded px-1.5 py-px text-[11px] font-medium ${STATUS_CLASS[status]}`}>{status}</span>
            </Cell>
            <Cell className="py-2 text-right">
              {status === "active" && (
                <Button onPress={() => onRevoke(token)} className={`text-xs text-rose-600 hover:underline ${TEXT_BUTTON_FOCUS}`}>
                  Revoke
                </Button>
              )}
            </Cell>
          </Row>
        );
      })}
    </DataTable>
  );
}
