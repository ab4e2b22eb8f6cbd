import "server-only";
// The live feed of one watched resource for the browser (resource-watch.ts): `watching` once the
// server agreed, and how it was asked; `updated` each time the server says the resource changed
// (the page reads it again, through the call pipeline); `ended` when the server or the
// connection ends the watch (the stream closes, and EventSource reconnects and asks again);
// `refused` when the server will not watch it (the stream closes, and the page stops asking).
import { sseResponse } from "@/lib/http/sse";
import type { Caller } from "@/lib/domain/roles";
import { AppError } from "@/lib/errors";
import { connectionFor } from "./pool";
import { watchMethod, watchResource } from "./resource-watch";

export async function resourceWatchStream(serverId: string, uri: string, signal: AbortSignal, caller?: Caller): Promise<Response> {
  const connection = await connectionFor(serverId, caller);
  return sseResponse(signal, (sink) => {
    let stop: (() => Promise<void>) | undefined;
    let over = false;
    const end = (event: "ended" | "refused", data: unknown): void => {
      if (over) return;
      over = true;
      sink.send(event, data);
      sink.close();
    };
    const unlisten = connection.subscribe((event) => {
      if (event.type === "status" && event.snapshot.status !== "ready") end("ended", { reason: "The connection to the server closed." });
    });
    void (async () => {
      try {
        const client = await connection.ready();
        const watching = await watchResource(client, uri, {
          updated: (at) => sink.send("updated", { uri, at }),
          ended: ({ reason }) => end("ended", { reason }),
        });
        if (over) return void watching();
        stop = watching;
        sink.send("watching", { uri, method: watchMethod(client), since: new Date().toISOString() });
      } catch (error) {
        const known = error instanceof AppError ? error : new AppError("unavailable:server", String(error));
        end("refused", { code: known.code, message: known.message });
      }
    })();
    return () => {
      over = true;
      unlisten();
      void stop?.();
    };
  });
}
