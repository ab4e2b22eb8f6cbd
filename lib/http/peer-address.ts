import "server-only";
// The address a request really came from. Route handlers cannot see the socket, and Next
// only fills x-forwarded-for when the client did not send one, so a caller could write its
// own. Toolscope stamps the socket's address on every incoming request instead, overwriting
// whatever a client sent under that name, and the audit log records that.
import http from "node:http";

export const PEER_HEADER = "x-toolscope-peer-address";

const KEY = Symbol.for("toolscope.peer-address");

export function stampPeerAddresses(): void {
  const proto = http.Server.prototype as http.Server & { [KEY]?: true };
  if (proto[KEY]) return;
  proto[KEY] = true;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const request = args[0] as http.IncomingMessage;
      request.headers[PEER_HEADER] = request.socket.remoteAddress ?? "";
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof proto.emit;
}
