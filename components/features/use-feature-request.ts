"use client";

// One read or get at a time: the answer, or why there is none (the request itself refused:
// no access, a bad body, Toolscope down).
import { useCallback, useRef, useState } from "react";
import { api, type ApiAnswer } from "@/components/api/client";

/** What is read or got through the call pipeline, audited, as a tool call is. */
export type FeatureRoute = "POST /api/servers/:serverId/resources/read" | "POST /api/servers/:serverId/prompts/get";

export type FeatureRequest<R extends FeatureRoute> = {
  response: ApiAnswer<R> | null;
  requestError: string | null;
  running: boolean;
  /** Sends it; `keep` leaves the last answer on the page until the new one comes (a watched resource read again). Answers with the answer, if it is still the latest. */
  send: (route: R, serverId: string, body: unknown, options?: { keep?: boolean }) => Promise<ApiAnswer<R> | null>;
  clear: () => void;
};

export function useFeatureRequest<R extends FeatureRoute>(): FeatureRequest<R> {
  const [response, setResponse] = useState<ApiAnswer<R> | null>(null);
  const [requestError, setRequestError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const latest = useRef(0);
  const send = useCallback(async (route: R, serverId: string, body: unknown, options?: { keep?: boolean }) => {
    const mine = ++latest.current;
    setRunning(true);
    setRequestError(null);
    if (!options?.keep) setResponse(null);
    try {
      // `route` is an R, so its answer is R's: TypeScript cannot follow a generic through api's overloads.
      const answer = (await api<FeatureRoute>(route, { params: { serverId }, body })) as ApiAnswer<R>;
      if (mine !== latest.current) return null;
      setResponse(answer);
      return answer;
    } catch (error) {
      if (mine === latest.current) setRequestError(error instanceof Error ? error.message : String(error));
      return null;
    } finally {
      if (mine === latest.current) setRunning(false);
    }
  }, []);
  const clear = useCallback(() => {
    latest.current++;
    setResponse(null);
    setRequestError(null);
    setRunning(false);
  }, []);
  return { response, requestError, running, send, clear };
}
