// A Toolscope process without Next, for tests that signal a whole process (lib/server/shutdown.test.ts,
// lib/audit/durability.test.ts): the same start-up as server.ts (lib/startup.ts: database, bus,
// connections to the configured servers), the same front door (which serves the call endpoint
// itself) and the same stop on SIGTERM or SIGINT (stopOnSignals); what would go to Next is
// answered 404. Once every server is connected it prints `READY <port>`.
// Usage: node --conditions=react-server --import tsx test/toolscope-process.ts
import http from "node:http";
import type { AddressInfo } from "node:net";
import { allConnections } from "@/lib/mcp/pool";
import { createFrontDoor } from "@/lib/server/front-door";
import { stopOnSignals } from "@/lib/server/shutdown";
import { startup } from "@/lib/startup";

await startup();
const server = http.createServer(
  createFrontDoor((_request, response) => {
    response.writeHead(404);
    response.end();
  }),
);
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
stopOnSignals([server]);
await Promise.all((await allConnections()).map((connection) => connection.ready()));
console.log(`READY ${(server.address() as AddressInfo).port}`);
