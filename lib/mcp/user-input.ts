import "server-only";
// Requests a server makes of the user during a call (elicitation, sampling) are routed to
// the person who made the call. The call's caller registers an interactor (the browser
// stream of that call); the request reaches it through AsyncLocalStorage when the SDK
// fulfils it inside the call (2026 input_required rounds), or, for a request that arrives
// on its own (2025 server-to-client requests), through the newest call in flight on that
// server that has one. A call with no interactor (a script using the API) has no one to
// ask: the request is declined. A request's id names the process that waits for the answer,
// so that an answer posted to another Toolscope process on the same database reaches it. Only
// the one who made the call may answer (its answerer: their person id, else the bootstrap
// token or the local user): knowing a request's id is not enough. A call made from a person's
// browser names that person (its `person`): a sampling request may then come with a model's draft
// (sampling.ts), made only once it is known that a person will see it.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { processInstance } from "@/lib/cluster/instances";
import { clusterBus } from "@/lib/cluster";
import type { Caller } from "@/lib/domain/roles";
import type { SamplingDraft } from "@/lib/domain/sampling";
import { processWide } from "@/lib/process-wide";

export type UserInputKind = "elicitation" | "sampling";
export type UserInputRequest = { id: string; serverId: string; kind: UserInputKind; params: unknown; draft?: SamplingDraft };
export type Interactor = (request: UserInputRequest) => void;

/** How long a person has to answer before the request is cancelled. */
const ANSWER_TIMEOUT_MS = 10 * 60_000;

type Pending = { serverId: string; answerer: string | null; resolve: (answer: UserAnswer | undefined) => void };

/**
 * An interactor and whose call it serves: `owner`, a person's id (null in local mode or for a
 * token without one), picks the person's own OAuth connection; `answerer` may answer; `person`,
 * when the interactor shows the requests to a person (not to an agent).
 */
type Active = { interactor: Interactor; owner: string | null; answerer: string | null; person: Caller | undefined };
type State = { pending: Map<string, Pending>; active: Map<string, Active[]> };
const state = processWide<State>("user-input", () => ({ pending: new Map(), active: new Map() }));
const context = processWide("user-input-context", () => new AsyncLocalStorage<Active>());

/** Runs a call with someone to ask, for the requests the server makes during it. */
export async function withInteractor<T>(
  serverId: string,
  interactor: Interactor,
  run: () => Promise<T>,
  owner: string | null = null,
  answerer: string | null = null,
  person?: Caller,
): Promise<T> {
  const list = state.active.get(serverId) ?? [];
  const entry = { interactor, owner, answerer, person };
  list.push(entry);
  state.active.set(serverId, list);
  try {
    return await context.run(entry, run);
  } finally {
    list.splice(list.indexOf(entry), 1);
    if (list.length === 0) state.active.delete(serverId);
  }
}

/**
 * Whose call a request belongs to. Inside a call that is still running (the SDK fulfils the
 * request in the call's own async context), its caller. A request that came on its own is asked
 * of the calls in flight on the server only if they are all one answerer's: with several people's
 * calls under way nobody can tell whose it is, and it is declined rather than shown to the wrong
 * person. (Connections are opened outside any call's context, see outsideAnyCall, so that what a
 * server sends on its own never inherits the context of the call that happened to connect it.)
 */
function whomToAsk(serverId: string, owner: string | undefined): Active | undefined {
  const active = (state.active.get(serverId) ?? []).filter((entry) => owner === undefined || entry.owner === owner);
  const stored = context.getStore();
  if (stored && active.includes(stored)) return stored;
  return new Set(active.map((entry) => entry.answerer)).size === 1 ? active.at(-1) : undefined;
}

/** Runs `open` outside any call's context: what it sets up (a process, a stream) belongs to no one call. */
export function outsideAnyCall<T>(open: () => T): T {
  return context.exit(open);
}

export type UserAnswer = { action: "accept" | "decline" | "cancel"; content?: Record<string, unknown>; text?: string };

/**
 * Asks the user. Resolves with their answer; with `null` when there is no one to ask; with
 * `undefined` when the time ran out or the request was aborted. `owner`: the person whose own
 * connection (OAuth, lib/oauth) the request came on; only their calls are asked. `draftFor`:
 * what to show a person beside the request, made before they are asked (never for an agent).
 */
export async function requestUserInput(
  serverId: string,
  kind: UserInputKind,
  params: unknown,
  signal?: AbortSignal,
  owner?: string,
  draftFor?: (person: Caller) => Promise<SamplingDraft>,
): Promise<UserAnswer | null | undefined> {
  const entry = whomToAsk(serverId, owner);
  if (!entry) return null;
  const draft = entry.person && draftFor ? await draftFor(entry.person) : undefined;
  if (signal?.aborted) return undefined;
  const id = `${processInstance().id}.${randomUUID()}`;
  return new Promise((resolve) => {
    const finish = (answer: UserAnswer | undefined): void => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      state.pending.delete(id);
      resolve(answer);
    };
    const onAbort = (): void => finish(undefined);
    const timer = setTimeout(() => finish(undefined), ANSWER_TIMEOUT_MS);
    timer.unref();
    signal?.addEventListener("abort", onAbort, { once: true });
    state.pending.set(id, { serverId, answerer: entry.answerer, resolve: finish });
    entry.interactor({ id, serverId, kind, params, ...(draft ? { draft } : {}) });
  });
}

/**
 * Delivers the user's answer here; false when no such request is waiting (answered, expired,
 * another server's) or it is someone else's to answer (not told apart from none).
 */
export function answerUserInput(serverId: string, id: string, answer: UserAnswer, answerer: string | null = null): boolean {
  const pending = state.pending.get(id);
  if (!pending || pending.serverId !== serverId || pending.answerer !== answerer) return false;
  pending.resolve(answer);
  return true;
}

/** Delivers the user's answer to the process that waits for it, this one or another (see above). */
export async function answerAnywhere(serverId: string, id: string, answer: UserAnswer, answerer: string): Promise<boolean> {
  if (answerUserInput(serverId, id, answer, answerer)) return true;
  const bus = clusterBus();
  const waiter = id.split(".")[0];
  if (!bus?.shared || !waiter || waiter === bus.self || !/^[0-9a-f]{24}$/.test(waiter)) return false;
  return (await bus.ask(waiter, "input-answer", { serverId, id, answer, answerer })) === true;
}
