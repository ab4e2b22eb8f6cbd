import "server-only";
// What operators and their tools read, served by the front door: GET /api/ready (readiness,
// for a load balancer: 200 or 503) and GET /metrics (Prometheus text, behind the API's auth).
import type http from "node:http";
import { METRICS_CONTENT_TYPE, metricsText } from "@/lib/metrics/metrics";
import { sendError, sendJson } from "./node-http";
import { readiness } from "./readiness";

export async function serveReadiness(response: http.ServerResponse): Promise<void> {
  const state = await readiness();
  sendJson(response, state.ready ? 200 : 503, state);
}

export async function serveMetrics(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  try {
    const body = await metricsText();
    response.writeHead(200, { "content-type": METRICS_CONTENT_TYPE, "cache-control": "no-store" });
    response.end(request.method === "HEAD" ? undefined : body);
  } catch (error) {
    sendError(response, error);
  }
}
