import "server-only";
// A transport seen through: what arrives passes through `incoming` (to look at, or to replace)
// before the client hears it, and what the client sends passes `outgoing` (to look at) first.
// The client is connected to the tap; everything else goes to the transport itself.
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";

export type Tap = {
  incoming?: (message: JSONRPCMessage) => JSONRPCMessage;
  outgoing?: (message: JSONRPCMessage) => void;
};

export function tapTransport<T extends Transport>(transport: T, tap: Tap): T {
  let clientOnMessage: Transport["onmessage"];
  transport.onmessage = (message, extra) => clientOnMessage?.(tap.incoming ? tap.incoming(message) : message, extra);
  const send: Transport["send"] = (message, options) => {
    tap.outgoing?.(message);
    return transport.send(message, options);
  };
  return new Proxy(transport, {
    get: (target, property) => {
      if (property === "send") return send;
      if (property === "onmessage") return clientOnMessage;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
    set: (target, property, value) => {
      if (property === "onmessage") {
        clientOnMessage = value as Transport["onmessage"];
        return true;
      }
      return Reflect.set(target, property, value, target);
    },
  });
}
