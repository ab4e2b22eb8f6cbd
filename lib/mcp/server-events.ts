import "server-only";
// The live feed of one server for the browser: `server` (its snapshot, whenever its status
// changes), `tools` (the whole list, when listed and after notifications/tools/list_changed),
// `tools-arriving` (the pages of a first listing still under way, everything so far first),
// `lint` (the list's schemas compiled: the whole lint, for the list of that time), and
// `resources` or `prompts` (that list changed: the page lists it again). The
// stream ends when the server is removed or reconfigured; EventSource then reconnects.
import { sseResponse } from "@/lib/http/sse";
import type { Caller } from "@/lib/domain/roles";
import { connectionFor } from "./pool";
import type { ToolsArriving } from "../domain/mcp-types";

const arrivingData = ({ tools, soFar, reset }: ToolsArriving): ToolsArriving => ({ tools, soFar, reset });

export async function serverEventStream(serverId: string, signal: AbortSignal, caller?: Caller): Promise<Response> {
  const connection = await connectionFor(serverId, caller);
  return sseResponse(signal, (sink) => {
    sink.send("server", connection.snapshot());
    const soFar = connection.arriving.soFar();
    if (soFar) sink.send("tools-arriving", arrivingData(soFar));
    return connection.subscribe((event) => {
      if (event.type === "tools") sink.send("tools", { server: event.snapshot, ...event.catalog });
      else if (event.type === "tools-arriving") sink.send("tools-arriving", arrivingData(event));
      else if (event.type === "lint") sink.send("lint", { lint: event.lint, toolsUpdatedAt: event.toolsUpdatedAt });
      else if (event.type === "list") sink.send(event.list, {});
      else sink.send("server", event.snapshot);
      if (event.type === "status" && event.snapshot.status === "closed") sink.close();
    });
  });
}
