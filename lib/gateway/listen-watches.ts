import "server-only";
// Resource subscriptions of 2026-07-28 agents. There, an agent opens a `subscriptions/listen`
// stream naming the resources it wants to hear about; the SDK's handler serves the stream (its
// acknowledgement, its filter per stream) and delivers the events published on its bus. What it
// cannot know is where an event comes from: for each resource a stream names, Toolscope watches
// the target's resource as the person (agent-features.ts, as a 2025 session's resources/subscribe
// does) for as long as the stream is open, and publishes each change on the bus.
//
// A resource Toolscope cannot watch (not one of the person's servers, or its server does not
// offer subscriptions) is taken out of the request before the SDK reads it, so the stream's
// acknowledgement names only what will be heard. One watch serves a person's streams that name the
// same resource; two people who both listen to it each hear its changes, possibly twice.
import type { Caller } from "@/lib/domain/roles";
import { watchAgentResource } from "./agent-features";
import { identityOf } from "./input-rounds";
import type { ToolView } from "./tool-views";

type Watch = { count: number; stop: Promise<() => Promise<void>> };
const watches = new Map<string, Watch>();

type ListenBody = {
  jsonrpc?: unknown;
  method?: unknown;
  params?: { notifications?: { resourceSubscriptions?: unknown } & Record<string, unknown> } & Record<string, unknown>;
};

async function listenBody(request: Request): Promise<ListenBody | undefined> {
  if (request.method !== "POST") return undefined;
  const body = (await request
    .clone()
    .json()
    .catch(() => undefined)) as ListenBody | undefined;
  return body?.method === "subscriptions/listen" ? body : undefined;
}

/** Starts (or shares) the person's watch of one resource; false when it cannot be watched. */
async function hold(key: string, start: () => Promise<() => Promise<void>>): Promise<boolean> {
  const held = watches.get(key);
  if (held) {
    held.count++;
    return true;
  }
  const watch: Watch = { count: 1, stop: start() };
  watches.set(key, watch);
  try {
    await watch.stop;
    return true;
  } catch {
    if (watches.get(key) === watch) watches.delete(key);
    return false;
  }
}

function release(key: string): void {
  const held = watches.get(key);
  if (!held || --held.count > 0) return;
  watches.delete(key);
  void held.stop.then((stop) => stop()).catch(() => undefined);
}

/**
 * For a `subscriptions/listen` request that names resources: the watches it needs, started, and
 * the request to serve (the resources that cannot be watched taken out). Undefined for any other request.
 */
export async function watchesForListen(
  request: Request,
  caller: Caller,
  view: ToolView,
  publish: (uri: string) => void,
): Promise<{ request: Request; release: () => void } | undefined> {
  const body = await listenBody(request);
  const asked = body?.params?.notifications?.resourceSubscriptions;
  if (!body || !Array.isArray(asked) || asked.length === 0) return undefined;
  const uris = [...new Set(asked.filter((uri): uri is string => typeof uri === "string"))];
  const held: string[] = [];
  const kept: string[] = [];
  if (view.features) {
    const scope = await view.features();
    await Promise.all(
      uris.map(async (uri) => {
        const key = `${identityOf(caller)}\n${uri}`;
        const watching = await hold(key, () =>
          watchAgentResource(caller, scope, uri, {
            updated: () => publish(uri),
            ended: () => void watches.delete(key),
          }),
        );
        if (!watching) return;
        held.push(key);
        kept.push(uri);
      }),
    );
  }
  const notifications = { ...body.params!.notifications };
  if (kept.length > 0) notifications.resourceSubscriptions = uris.filter((uri) => kept.includes(uri));
  else delete notifications.resourceSubscriptions;
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  const served = new Request(request, { headers, body: JSON.stringify({ ...body, params: { ...body.params, notifications } }) });
  let released = false;
  return {
    request: served,
    release: () => {
      if (released) return;
      released = true;
      for (const key of held) release(key);
    },
  };
}

/** How many resources are watched for listen streams now (each person's once). */
export function listenWatchCount(): number {
  return watches.size;
}

/** The response with `done` called once its stream ends, however it ends (closed, cancelled, the request aborted). */
export function endingWith(response: Response, signal: AbortSignal, done: () => void): Response {
  signal.addEventListener("abort", done, { once: true });
  if (!response.body) {
    done();
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: ended, value } = await reader.read();
        if (ended) {
          done();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        done();
        controller.error(error);
      }
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
