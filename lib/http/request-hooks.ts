import "server-only";
// Code that must see a request before Next does. Next owns the HTTP server and offers no
// earlier entry point, so its "request" event is intercepted. Hooks run in the order they
// were added; one that answers the request itself returns true and Next never sees it.
// Kept on globalThis, by name, so that each bundle copy of lib/ adds a hook only once.
import http from "node:http";

export type RequestHook = (request: http.IncomingMessage, response: http.ServerResponse) => boolean;

const KEY = Symbol.for("toolscope.request-hooks");

export function addRequestHook(name: string, hook: RequestHook): void {
  const proto = http.Server.prototype as http.Server & { [KEY]?: Map<string, RequestHook> };
  let hooks = proto[KEY];
  if (!hooks) {
    const installed = new Map<string, RequestHook>();
    hooks = installed;
    proto[KEY] = installed;
    const emit = proto.emit;
    proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
      if (event === "request") {
        const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
        for (const run of installed.values()) if (run(request, response)) return true;
      }
      return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
    } as typeof proto.emit;
  }
  if (!hooks.has(name)) hooks.set(name, hook);
}
