"use client";

// A server's policy on risky tools: who may call destructive and open-world tools, whether
// such a call needs a typed reason, whether the server's annotations are believed, and
// per-tool exceptions. Admins edit it on the server's page; everyone else is told what applies to
// them on each tool's page, where it matters.
import { Button } from "@/components/ui/button";
import { useMemo, useState, type ReactNode } from "react";
import { PIN_POLICIES, PIN_POLICY_LABELS, type PinPolicy } from "@/lib/domain/definition-pins";
import { useServerPolicy, type ServerPolicyView } from "@/components/invoke/use-server-policy";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "@/components/ui/classes";
import { api } from "@/components/api/client";
import type { Tool } from "@/lib/domain/mcp-types";
import type { CallingRole, PolicyRule, ServerPolicy } from "@/lib/domain/tool-policy";
import { AdminPanel } from "./admin-panel";
import { AgentPolicyEditor } from "./agent-policy-editor";
import { ExceptionAdder } from "./exception-adder";
import { ErrorNote } from "@/components/ui/error-note";
import { Checkbox } from "@/components/ui/checkbox";

type Who = "everyone" | "admins";

const SELECT =
  "max-w-full min-w-0 rounded-md border border-zinc-300 bg-white px-2 py-1 text-[13px] outline-none focus:ring-2 focus:ring-indigo-500/40 dark:border-zinc-700 dark:bg-zinc-950";

function whoOf(rule: PolicyRule | undefined): Who {
  return rule?.roles && !rule.roles.includes("operator") ? "admins" : "everyone";
}

function ruleOf(who: Who, reason: boolean): PolicyRule | undefined {
  if (who === "everyone" && !reason) return undefined;
  return { ...(who === "admins" ? { roles: ["admin"] as CallingRole[] } : {}), ...(reason ? { reason: true } : {}) };
}

function RuleEditor({
  label,
  rule,
  onChange,
  testId,
  mono = false,
}: {
  label: string;
  mono?: boolean;
  rule: PolicyRule | undefined;
  onChange: (rule: PolicyRule | undefined) => void;
  testId: string;
}): ReactNode {
  const who = whoOf(rule);
  const reason = rule?.reason === true;
  return (
    <div className="flex flex-wrap items-center gap-3 py-2 text-[13px]">
      <span className={`w-40 truncate text-zinc-600 dark:text-zinc-400 ${mono ? "font-mono text-xs" : ""}`} title={label}>
        {label}
      </span>
      <select
        aria-label={`${label}: who may call`}
        className={SELECT}
        value={who}
        data-testid={`${testId}-who`}
        onChange={(e) => onChange(ruleOf(e.target.value as Who, reason))}
      >
        <option value="everyone">Operators and admins</option>
        <option value="admins">Admins only</option>
      </select>
      <Checkbox
        className="flex items-center gap-1.5 text-zinc-600 dark:text-zinc-400"
        isSelected={reason}
        onChange={(checked) => onChange(ruleOf(who, checked))}
        testId={`${testId}-reason`}
      >
        Ask for a reason
      </Checkbox>
    </div>
  );
}

/** Only for those who may change it (the tool page tells everyone else what applies to them), folded. */
export function ToolPolicyPanel({ serverId, tools }: { serverId: string; tools: Tool[] }): ReactNode {
  return (
    <AdminPanel title="Tool policy" testId="tool-policy-panel">
      <PolicyLoader serverId={serverId} tools={tools} />
    </AdminPanel>
  );
}

function PolicyLoader({ serverId, tools }: { serverId: string; tools: Tool[] }): ReactNode {
  const view = useServerPolicy(serverId);
  if (!view) return <p className="text-[13px] text-muted">Loading…</p>;
  return <PolicyEditor key={JSON.stringify(view)} view={view} tools={tools} />;
}

function PolicyEditor({ view, tools }: { view: ServerPolicyView; tools: Tool[] }): ReactNode {
  const [policy, setPolicy] = useState<ServerPolicy>(view.policy ?? {});
  const [saved, setSaved] = useState<ServerPolicy>(view.policy ?? {});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Said once the server has the policy, so nobody acts on a save still on its way.
  const [justSaved, setJustSaved] = useState(false);
  const dirty = JSON.stringify(policy) !== JSON.stringify(saved);
  const exceptions = Object.entries(policy.tools ?? {});
  const choices = useMemo(() => tools.filter((t) => !(t.name in (policy.tools ?? {}))).map((t) => t.name), [tools, policy.tools]);
  const set = (patch: Partial<ServerPolicy>): void => {
    const next: ServerPolicy = { ...policy, ...patch };
    for (const key of Object.keys(next) as (keyof ServerPolicy)[]) if (next[key] === undefined) delete next[key];
    setPolicy(next);
    setJustSaved(false);
  };
  const setTool = (name: string, rule: PolicyRule | null): void => {
    const toolsRules = { ...(policy.tools ?? {}) };
    if (rule === null) delete toolsRules[name];
    else toolsRules[name] = rule;
    set({ tools: Object.keys(toolsRules).length ? toolsRules : undefined });
  };
  const save = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      const answer = await api("PUT /api/servers/:serverId/policy", { params: { serverId: view.serverId }, body: policy });
      setSaved(answer.policy ?? {});
      setPolicy(answer.policy ?? {});
      setJustSaved(true);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const trust = policy.trustAnnotations === undefined ? "config" : policy.trustAnnotations ? "trust" : "distrust";
  return (
    <section data-testid="tool-policy-editor">
      <p className="text-xs text-muted">
        Enforced for every call, from the form, the API, tasks and the RPC console. A reason is kept in the audit log with the call.
      </p>
      <div className="mt-2 divide-y divide-zinc-100 dark:divide-zinc-900">
        <RuleEditor
          label="Destructive tools"
          rule={policy.destructive}
          testId="policy-destructive"
          onChange={(rule) => set({ destructive: rule })}
        />
        <RuleEditor
          label="Open-world tools"
          rule={policy.openWorld}
          testId="policy-open-world"
          onChange={(rule) => set({ openWorld: rule })}
        />
        <div className="flex flex-wrap items-center gap-3 py-2 text-[13px]">
          <span className="w-40 text-zinc-600 dark:text-zinc-400">Trust</span>
          <select
            aria-label="Trust"
            className={SELECT}
            value={trust}
            data-testid="policy-trust"
            onChange={(e) => set({ trustAnnotations: e.target.value === "config" ? undefined : e.target.value === "trust" })}
          >
            <option value="config">As the server is set ({view.configuredTrusted ? "trusted" : "not trusted"})</option>
            <option value="trust">Trusted: what its tools say about themselves is believed</option>
            <option value="distrust">Not trusted: every tool counts as risky</option>
          </select>
        </div>
        {exceptions.map(([name, rule]) => (
          <div key={name} className="flex items-center gap-2">
            <div className="flex-1">
              <RuleEditor label={name} mono rule={rule} testId={`policy-tool-${name}`} onChange={(next) => setTool(name, next ?? {})} />
            </div>
            <Button
              className="text-xs text-muted hover:text-rose-600"
              onPress={() => setTool(name, null)}
              aria-label={`Remove the exception for ${name}`}
            >
              Remove
            </Button>
          </div>
        ))}
        <ExceptionAdder
          names={choices}
          added={exceptions.length}
          label="Tool to add an exception for"
          testId="policy-add-tool"
          onAdd={(tool) => setTool(tool, {})}
        />
        {/* Not a rule on risky tools but on changes to any tool (lib/pins): after them. */}
        <div className="flex flex-wrap items-center gap-3 border-t border-zinc-100 py-2 text-[13px] dark:border-zinc-900">
          <span className="w-40 text-zinc-600 dark:text-zinc-400">Changed definitions</span>
          <select
            aria-label="Changed definitions"
            className={SELECT}
            value={policy.definitionChanges ?? "mode"}
            data-testid="policy-definition-changes"
            onChange={(e) => set({ definitionChanges: e.target.value === "mode" ? undefined : (e.target.value as PinPolicy) })}
          >
            <option value="mode">As the mode has it (hold when hosted, warn on a laptop)</option>
            {PIN_POLICIES.map((p) => (
              <option key={p} value={p}>
                {PIN_POLICY_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
        <AgentPolicyEditor
          policy={policy}
          onChange={(agents) => set({ agents })}
          select={SELECT}
          tools={tools}
          trusted={view.configuredTrusted}
        />
      </div>
      <ErrorNote message={error} className="mt-2" />
      <div className="mt-3 flex items-center justify-end gap-2">
        <p role="status" className="text-xs text-muted" data-testid="policy-saved">
          {justSaved && !dirty ? "Policy saved." : ""}
        </p>
        {dirty && (
          <Button className={BUTTON_SECONDARY} onPress={() => setPolicy(saved)}>
            Discard
          </Button>
        )}
        <Button className={BUTTON_PRIMARY} isDisabled={!dirty || busy} onPress={() => void save()} data-testid="policy-save">
          {busy ? "Saving…" : "Save policy"}
        </Button>
      </div>
    </section>
  );
}
