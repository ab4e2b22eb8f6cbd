import "server-only";
// The address a request really came from. Route handlers cannot see the socket, and Next
// only fills x-forwarded-for when the client did not send one, so a caller could write its
// own. Toolscope stamps the socket's address on every incoming request instead, overwriting
// whatever a client sent under that name, and the audit log records that.
import { addRequestHook } from "./request-hooks";

export const PEER_HEADER = "x-toolscope-peer-address";

export function stampPeerAddresses(): void {
  addRequestHook("peer-address", (request) => {
    request.headers[PEER_HEADER] = request.socket.remoteAddress ?? "";
    return false;
  });
}
