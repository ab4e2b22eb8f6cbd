"use client";

// The part of a server's policy about agents (calls through /mcp, lib/approvals): which of their
// calls wait for a person, who may decide them, and how long an agent waits. Its values are the
// defaults when unset, shown as such: destructive tools wait, admins and the person behind the
// agent decide, five minutes. A tool may depart from its class's rule (an exception per tool),
// each shown with what would apply without it.
import { Button } from "@/components/ui/button";
import { useMemo, type ReactNode } from "react";
import { ExceptionAdder } from "./exception-adder";
import type { Tool } from "@/lib/domain/mcp-types";
import { isAppOnly } from "@/lib/domain/app-ui";
import type { AgentPolicy, ServerPolicy } from "@/lib/domain/tool-policy";
import { agentGate, CALLING_ROLES, DEFAULT_APPROVAL_TIMEOUT_S, type AgentRule } from "@/lib/domain/tool-rules";
import { Checkbox } from "@/components/ui/checkbox";

const ROW = "flex flex-wrap items-center gap-3 py-2 text-[13px]";
const LABEL = "w-40 text-zinc-600 dark:text-zinc-400";

const RULE_WORDS: Record<AgentRule, string> = { wait: "Wait for a person", allow: "Go ahead" };

export function AgentPolicyEditor({
  policy,
  onChange,
  select,
  tools,
  trusted,
}: {
  /** The whole policy being edited: whether a tool waits depends on its trust of annotations too. */
  policy: ServerPolicy;
  onChange: (next: AgentPolicy | undefined) => void;
  /** The select's classes, as the rest of the panel has them. */
  select: string;
  tools: Tool[];
  /** Whether the server's annotations are trusted as configured (the policy may say otherwise). */
  trusted: boolean;
}): ReactNode {
  const current = policy.agents ?? {};
  const exceptions = Object.entries(current.tools ?? {});
  // Only tools agents can see: one only MCP Apps may call is never listed at /mcp.
  const choices = useMemo(
    () => tools.filter((t) => !isAppOnly(t) && !Object.hasOwn(current.tools ?? {}, t.name)).map((t) => t.name),
    [tools, current.tools],
  );
  /** What the class rules alone decide for a tool: the default an exception departs from. */
  const byClass = (name: string): AgentRule => {
    const tool = tools.find((t) => t.name === name) ?? { name };
    const withoutException = { ...current, tools: Object.fromEntries(exceptions.filter(([n]) => n !== name)) };
    return agentGate({ ...policy, agents: withoutException }, tool, trusted).wait ? "wait" : "allow";
  };
  const setTool = (name: string, rule: AgentRule | null): void => {
    const rules = { ...(current.tools ?? {}) };
    if (rule === null) delete rules[name];
    else rules[name] = rule;
    set({ tools: Object.keys(rules).length ? rules : undefined });
  };
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
  const ruleSelect = (
    label: string,
    value: AgentRule,
    patch: (rule: AgentRule) => Partial<AgentPolicy>,
    testId: string,
    tool?: string,
  ): ReactNode => (
    <div className={ROW}>
      <span className={`${LABEL} ${tool ? "font-mono text-xs break-all" : ""}`}>{label}</span>
      <select
        aria-label={tool ? `Agents' calls to ${tool}` : `Agents' calls to ${label.toLowerCase()}`}
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
      {exceptions.map(([name, rule]) => (
        <div key={name} className="flex flex-wrap items-center gap-2" data-testid={`policy-agents-tool-${name}`}>
          {ruleSelect(name, rule, (next) => ({ tools: { ...current.tools, [name]: next } }), `policy-agents-tool-rule-${name}`, name)}
          <span className="text-xs text-muted">otherwise: {RULE_WORDS[byClass(name)].toLowerCase()}</span>
          <Button
            className="ml-auto text-xs text-muted hover:text-rose-600"
            onPress={() => setTool(name, null)}
            aria-label={`Remove the agents' exception for ${name}`}
          >
            Remove
          </Button>
        </div>
      ))}
      <ExceptionAdder
        names={choices}
        added={exceptions.length}
        label="Tool to add an agents' exception for"
        addLabel="Add the agents' exception"
        testId="policy-agents-add-tool"
        // An exception that changes nothing is no exception: it starts as the opposite of what applies now.
        onAdd={(tool) => setTool(tool, byClass(tool) === "wait" ? "allow" : "wait")}
      />
      <div className={ROW} role="group" aria-label="Who decides a waiting call">
        <span className={LABEL}>Who decides</span>
        {CALLING_ROLES.map((role) => (
          <Checkbox
            key={role}
            className="flex items-center gap-1.5"
            isSelected={approvers.roles.includes(role)}
            onChange={(checked) =>
              setApprovers({ roles: checked ? [...approvers.roles, role] : approvers.roles.filter((r) => r !== role) })
            }
          >
            {role === "admin" ? "Admins" : "Operators"}
          </Checkbox>
        ))}
        <Checkbox className="flex items-center gap-1.5" isSelected={approvers.self} onChange={(checked) => setApprovers({ self: checked })}>
          The person behind the agent
        </Checkbox>
      </div>
      {approvers.roles.length === 0 && approvers.people.length === 0 && !approvers.self && (
        <p role="alert" className="py-1 text-xs text-rose-700 dark:text-rose-400">
          Nobody could decide a waiting call, so agents&apos; risky calls would only time out. Tick at least one.
        </p>
      )}
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
