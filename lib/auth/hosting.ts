import "server-only";
// Whether Toolscope is hosted for others (people have accounts, or it listens beyond
// loopback) or is one developer's tool on their own machine, and the rules that follow:
// which commands may be started, which addresses may be reached.
import { authMode } from "@/lib/auth/mode";
import { isLoopbackHost } from "@/lib/http/request-guard";
import { outboundPolicy, type OutboundPolicy } from "@/lib/net/outbound-policy";
import { processWide } from "@/lib/process-wide";
import { DESTINATION_ENV } from "@/lib/domain/destination-env";
import { appConfig, type StdioSetting } from "../config/env";

/**
 * Hosted: people have accounts, or Toolscope is reachable beyond this machine: it listens
 * beyond loopback, or answers to other host names or a public address (a reverse proxy).
 */
export async function isHosted(): Promise<boolean> {
  return reachableBeyondThisMachine() || (await authMode()) === "accounts";
}

const reach = processWide("reachable-beyond-this-machine", () => ({ decided: undefined as boolean | undefined }));

/** Decided by the configuration alone, which does not change while the process runs: worked out once (every call asks). */
function reachableBeyondThisMachine(): boolean {
  if (reach.decided === undefined) {
    const config = appConfig();
    const publicHost = new URL(config.publicUrl).hostname.replace(/^\[|\]$/g, "");
    reach.decided = !isLoopbackHost(config.listen.host) || Boolean(config.listen.allowedHosts?.trim()) || !isLoopbackHost(publicHost);
  }
  return reach.decided;
}

const policies = processWide("outbound-policies", () => new Map<string, OutboundPolicy>());

export async function currentOutboundPolicy(): Promise<OutboundPolicy> {
  const posture = (await isHosted()) ? "hosted" : "local";
  let policy = policies.get(posture);
  if (!policy) {
    policy = outboundPolicy(posture, appConfig().outboundAllow);
    policies.set(posture, policy);
  }
  return policy;
}

export type StdioDecision = { allowed: true } | { allowed: false; reason: string };

export type StdioLaunch = { command: string; args: readonly string[]; env?: Record<string, string>; cwd?: string | undefined };

/** Whether a stdio server added through the UI or API (not the config file) may run here. */
export async function stdioAllowed(launch: StdioLaunch): Promise<StdioDecision> {
  return decideStdio(appConfig().stdio, await isHosted(), launch);
}

/** The decision itself: "on" by default on a developer's machine, "off" by default when hosted. */
export function decideStdio(setting: StdioSetting, hosted: boolean, { command, args, env = {}, cwd }: StdioLaunch): StdioDecision {
  const { mode, allow } = setting;
  const effective = mode ?? (hosted ? "off" : "on");
  if (effective === "on") return { allowed: true };
  if (effective === "allowlist" && allow.some((words) => words[0] === command && words.slice(1).every((word, i) => args[i] === word))) {
    // An allowed command with NODE_OPTIONS, PATH, a registry or a working directory of the
    // adder's choosing would run whatever they like.
    const steering = Object.keys(env).filter((name) => DESTINATION_ENV.test(name));
    if (steering.length > 0)
      return {
        allowed: false,
        reason: `An allowed command may not be given ${steering.join(", ")}: those change what it runs. Ask an operator to put the server in the config file.`,
      };
    if (cwd)
      return {
        allowed: false,
        reason:
          "An allowed command may not be given a working directory: what it runs can depend on it. Ask an operator to put the server in the config file.",
      };
    return { allowed: true };
  }
  const why = mode ? `TOOLSCOPE_STDIO=${mode}` : "hosted, TOOLSCOPE_STDIO defaults to off";
  return {
    allowed: false,
    reason:
      effective === "allowlist"
        ? `"${[command, ...args].join(" ")}" is not on this Toolscope's list of allowed commands (TOOLSCOPE_STDIO_ALLOW). Ask an operator to add it, or to put the server in the config file.`
        : `This Toolscope does not start commands added through the UI or API (${why}). Ask an operator to put the server in the config file, or to allow its command with TOOLSCOPE_STDIO=allowlist and TOOLSCOPE_STDIO_ALLOW.`,
  };
}
