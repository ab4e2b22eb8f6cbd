"use client";

// The part of a server's policy about agents (calls through /mcp, lib/approvals): which of their
// calls wait for a person, who may decide them, and how long an agent waits. Its values are the
// defaults when unset, shown as such: destructive tools wait, admins and the person behind the
// agent decide, five minutes.
import type { ReactNode } from "react";
import { CALLING_ROLES, DEFAULT_APPROVAL_TIMEOUT_S, type AgentPolicy, type AgentRule } from "@/lib/policy/tool-policy";

const ROW = "flex flex-wrap items-center gap-3 py-2 text-[13px]";
const LABEL = "w-40 text-zinc-600 dark:text-zinc-400";

const RULE_WORDS: Record<AgentRule, string> = { wait: "Wait for a person", allow: "Go ahead" };

export function AgentPolicyEditor({
  agents,
  onChange,
  select,
}: {
  agents: AgentPolicy | undefined;
  onChange: (next: AgentPolicy | undefined) => void;
  /** The select's classes, as the rest of the panel has them. */
  select: string;
}): ReactNode {
  const current = agents ?? {};
  const set = (patch: Partial<AgentPolicy>): void => {
    const next = { ...current, ...patch };
    for (const key of Object.keys(next) as (keyof AgentPolicy)[]) if (next[key] === undefined) delete next[key];
    onChange(Object.keys(next).length ? next : undefined);
  };
  const approvers = {
    roles: current.approvers?.roles ?? ["admin"],
    people: current.approvers?.people ?? [],
    self: current.approvers?.self ?? true,
  };
  const setApprovers = (patch: Partial<typeof approvers>): void => set({ approvers: { ...approvers, ...patch } });
  const ruleSelect = (label: string, value: AgentRule, patch: (rule: AgentRule) => Partial<AgentPolicy>, testId: string): ReactNode => (
    <div className={ROW}>
      <span className={LABEL}>{label}</span>
      <select
        aria-label={label}
        className={select}
        value={value}
        data-testid={testId}
        onChange={(e) => set(patch(e.target.value as AgentRule))}
      >
        {(["wait", "allow"] as const).map((rule) => (
          <option key={rule} value={rule}>
            {RULE_WORDS[rule]}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <fieldset className="border-t border-zinc-100 pt-1 dark:border-zinc-900" data-testid="policy-agents">
      <legend className="pt-2 text-xs font-semibold">Agents (calls through /mcp)</legend>
      {ruleSelect("Destructive tools", current.destructive ?? "wait", (destructive) => ({ destructive }), "policy-agents-destructive")}
      {ruleSelect("Open-world tools", current.openWorld ?? "allow", (openWorld) => ({ openWorld }), "policy-agents-open-world")}
      <div className={ROW} role="group" aria-label="Who decides a waiting call">
        <span className={LABEL}>Who decides</span>
        {CALLING_ROLES.map((role) => (
          <label key={role} className="flex items-center gap-1.5">
            <input
              type="checkbox"
              checked={approvers.roles.includes(role)}
              onChange={(e) =>
                setApprovers({ roles: e.target.checked ? [...approvers.roles, role] : approvers.roles.filter((r) => r !== role) })
              }
            />
            {role === "admin" ? "Admins" : "Operators"}
          </label>
        ))}
        <label className="flex items-center gap-1.5">
          <input type="checkbox" checked={approvers.self} onChange={(e) => setApprovers({ self: e.target.checked })} />
          The person behind the agent
        </label>
      </div>
      <div className={ROW}>
        <label className="flex flex-wrap items-center gap-3">
          <span className={LABEL}>Wait at most (seconds)</span>
          <input
            type="number"
            min={5}
            max={86_400}
            className={`${select} w-28`}
            value={current.timeoutSeconds ?? DEFAULT_APPROVAL_TIMEOUT_S}
            data-testid="policy-agents-timeout"
            onChange={(e) => set({ timeoutSeconds: e.target.value === "" ? undefined : Number(e.target.value) })}
          />
        </label>
      </div>
    </fieldset>
  );
}
