import "server-only";
// The front door for connection upgrades (WebSocket). Only Next's live reload, in development,
// serves one: an upgrade to any other path (every one, in production) is answered 404 and its
// socket closed at once, since Next would admit it and never answer. The live reload's meets the
// front door's three steps (guard, who, may they), then Next's upgrade handler; a refused
// upgrade gets a plain HTTP answer and the socket is closed.
import http from "node:http";
import type { Duplex } from "node:stream";
import { pageAccess } from "@/lib/auth/authorize";
import { allowedHostnames } from "@/lib/http/request-guard";
import { admit, stampCaller, type FrontDoorOptions } from "./front-door";

export type UpgradeHandler = (request: http.IncomingMessage, socket: Duplex, head: Buffer) => Promise<void> | void;

/** The one path that answers an upgrade: Next's live reload, in development. */
const HOT_RELOAD_PATH = "/_next/hmr";

export function createUpgradeDoor(
  upgrade: UpgradeHandler,
  options: FrontDoorOptions = {},
): (request: http.IncomingMessage, socket: Duplex, head: Buffer) => void {
  const allowedHosts = allowedHostnames(options.allowedHosts);
  return (request, socket, head) => {
    // Node hands an upgrade's socket over with no listener of its own: a client that resets it
    // would raise an error nobody handles.
    socket.on("error", () => socket.destroy());
    const refuse = (status: number): void => {
      // The socket is half-open after the answer (Node's HTTP server allows that), so it is
      // closed here once the answer is written: a client that never closes its side holds nothing.
      socket.once("finish", () => socket.destroy());
      socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
    };
    if (!(options.dev && (request.url ?? "/").split("?")[0] === HOT_RELOAD_PATH)) {
      refuse(404);
      return;
    }
    admit(request, undefined, { allowedHosts, method: "GET", url: request.url ?? "/", access: ({ pathname }) => pageAccess(pathname) })
      .then((admission) => {
        if (!admission.ok) {
          refuse(403);
          return;
        }
        stampCaller(request, admission.caller);
        return Promise.resolve(upgrade(request, socket, head));
      })
      .catch(() => socket.destroy());
  };
}
