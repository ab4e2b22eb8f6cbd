import "server-only";
// When what agents may see could have changed, so /mcp can send notifications/tools/list_changed:
// a server's tools changed (any connection's listing, here or, through the cluster bus, on
// another replica), a server was added, removed or its access changed, a policy changed, an
// admin approved a tool's definition, a virtual server was saved or removed, or a person's role,
// groups or standing changed.
// The signal is for every agent: each lists again and gets its own view, so one that sees
// nothing new pays one listing, and none misses a change.
import { createHash } from "node:crypto";
import { processWide } from "@/lib/process-wide";
import { registeredServers } from "@/lib/mcp/registry";
import { allConnections, watchFeatureLists, watchToolLists } from "@/lib/mcp/pool";
import { serverPolicy } from "@/lib/policy/policy-store";
import { serverPins } from "@/lib/pins/pin-store";
import type { Tool } from "@/lib/domain/mcp-types";
import { database } from "@/lib/db";
import { virtualServers } from "./virtual-store";

/**
 * Whether anyone's role, groups or standing may have changed: every change to a person stamps
 * `updatedAt` (better-auth's updates, and single sign-on's sync of groups), so the newest stamp and the
 * count say so in one small query, whatever the number of people.
 */
async function peopleVersion(): Promise<[number, string]> {
  const db = await database();
  const row = await db
    .selectFrom("auth_user")
    .select((eb) => [eb.fn.countAll<number>().as("people"), eb.fn.max("updatedAt").as("newest")])
    .executeTakeFirst();
  const newest = row?.newest;
  return [Number(row?.people ?? 0), newest instanceof Date ? newest.toISOString() : String(newest ?? "")];
}

/** How often the servers and policies are compared with the last look (both are cached; a look costs no query most times). */
const LOOK_EVERY_MS = 2_000;

type FeatureList = "resources" | "prompts";
type Watch = {
  listeners: Set<() => void>;
  /** Told when a server's resources or prompts changed, or who may see which server did. */
  featureListeners: Set<(list: FeatureList) => void>;
  tools: Map<string, string>;
  servers?: string;
  stop?: () => void;
  timer?: NodeJS.Timeout;
};
const watch = processWide<Watch>("gateway-tool-changes", () => ({ listeners: new Set(), featureListeners: new Set(), tools: new Map() }));

function digest(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("base64url");
}

function changed(): void {
  for (const listener of watch.listeners) listener();
}

function onToolList(serverId: string, tools: readonly Tool[]): void {
  const now = digest(tools);
  const before = watch.tools.get(serverId);
  watch.tools.set(serverId, now);
  if (before !== undefined && before !== now) changed();
}

async function lookAtServers(): Promise<void> {
  const servers = await registeredServers();
  const policies = await Promise.all(servers.map((server) => serverPolicy(server.config.id)));
  // An admin's approval of a definition changes what agents are offered (lib/pins/agent-offer.ts), and
  // so does a pending one's reason: a tool the model judge was reading ("judging") is offered or held
  // once its verdict settles it.
  const approvedDefinitions = await Promise.all(
    servers.map(async (server) => {
      const pins = await serverPins(server.config.id);
      return [
        [...pins.approved.values()].map((row) => row.hash),
        [...pins.pending.values()].flat().map((row) => `${row.hash}:${row.reason}`),
      ];
    }),
  );
  const virtual = [...(await virtualServers()).values()].map(({ name, tools }) => [name, tools]);
  const now = digest([
    servers.map((server, index) => [
      server.config.id,
      server.config.access,
      server.config.trusted,
      policies[index],
      approvedDefinitions[index],
    ]),
    virtual,
    await peopleVersion(),
  ]);
  const before = watch.servers;
  watch.servers = now;
  if (before !== undefined && before !== now) {
    changed();
    // Who may see which server decides their resources and prompts as much as their tools.
    for (const listener of watch.featureListeners) for (const list of ["resources", "prompts"] as const) listener(list);
  }
}

/**
 * Calls `listener` with "resources" or "prompts" when the resources or prompts agents may see could
 * have changed: a server said its list changed, or servers, access or people did. It shares the
 * tool watch's look at the servers, so it only hears those while some agent endpoint watches tools.
 */
export function onAgentListsChanged(listener: (list: FeatureList) => void): () => void {
  watch.featureListeners.add(listener);
  const stop = watchFeatureLists((_serverId, list) => listener(list));
  return () => {
    stop();
    watch.featureListeners.delete(listener);
  };
}

/** Calls `listener` whenever the tools agents may see could have changed; returns the way to stop. */
export function onAgentToolsChanged(listener: () => void): () => void {
  watch.listeners.add(listener);
  if (!watch.stop) {
    watch.stop = watchToolLists(onToolList);
    // What each server lists now, so that its next listing is compared with something.
    void allConnections().then((connections) => {
      for (const connection of connections)
        if (!watch.tools.has(connection.config.id)) watch.tools.set(connection.config.id, digest(connection.catalog().tools));
    });
    void lookAtServers().catch(() => undefined);
    watch.timer = setInterval(() => void lookAtServers().catch(() => undefined), LOOK_EVERY_MS);
    watch.timer.unref();
  }
  return () => {
    watch.listeners.delete(listener);
    if (watch.listeners.size === 0) {
      watch.stop?.();
      clearInterval(watch.timer);
      watch.stop = undefined;
      watch.tools.clear();
      watch.servers = undefined;
    }
  };
}
