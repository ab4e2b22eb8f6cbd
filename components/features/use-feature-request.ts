"use client";

// One read or get at a time: the answer, or why there is none (the request itself refused:
// no access, a bad body, Toolscope down).
import { useCallback, useRef, useState } from "react";
import { fetchJson } from "@/lib/client/fetch-json";
import type { FeatureResponse } from "@/lib/domain/server-features";

export type FeatureRequest<R> = {
  response: FeatureResponse<R> | null;
  requestError: string | null;
  running: boolean;
  /** Sends it; `keep` leaves the last answer on the page until the new one comes (a watched resource read again). Answers with the answer, if it is still the latest. */
  send: (path: string, body: unknown, options?: { keep?: boolean }) => Promise<FeatureResponse<R> | null>;
  clear: () => void;
};

export function useFeatureRequest<R>(): FeatureRequest<R> {
  const [response, setResponse] = useState<FeatureResponse<R> | null>(null);
  const [requestError, setRequestError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const latest = useRef(0);
  const send = useCallback(async (path: string, body: unknown, options?: { keep?: boolean }) => {
    const mine = ++latest.current;
    setRunning(true);
    setRequestError(null);
    if (!options?.keep) setResponse(null);
    try {
      const answer = await fetchJson<FeatureResponse<R>>(path, { method: "POST", body: JSON.stringify(body) });
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
