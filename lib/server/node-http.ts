import "server-only";
// Small pieces of speaking HTTP on Node's own request and response objects, for the front door.
import type http from "node:http";
import { AppError, errorBody } from "@/lib/errors";
import { appConfig } from "@/lib/config/env";
import { megabytes } from "@/lib/megabytes";
import { stringifyAnswer } from "@/lib/http/json-text";

/** The answer to a body over the limit (TOOLSCOPE_MAX_BODY_BYTES). */
export function bodyTooLarge(size: number | null, limit: number): AppError {
  return new AppError(
    "payload_too_large:body",
    `The request body is ${size === null ? "larger than" : `${megabytes(size)}; more than`} ${megabytes(limit)}, the most this Toolscope accepts (TOOLSCOPE_MAX_BODY_BYTES).`,
  );
}

export function headerValue(request: http.IncomingMessage, name: string): string | null {
  const value = request.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}

export function sendJson(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (response.headersSent || response.destroyed) return;
  const json = stringifyAnswer(body);
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(json),
    "cache-control": "no-store",
    ...headers,
  });
  response.end(json);
}

/** Answers with the one error model: status and body decided by lib/errors.ts. */
export function sendError(response: http.ServerResponse, error: unknown, headers?: Record<string, string>): void {
  const { status, body, headers: own } = errorBody(error);
  // The rest of a body too large to read is never read: the connection cannot carry another request.
  const close: Record<string, string> = status === 413 || status === 411 ? { connection: "close" } : {};
  sendJson(response, status, body, { ...own, ...headers, ...close });
}

export function readBody(request: http.IncomingMessage, limit = appConfig().limits.maxBodyBytes): Promise<string> {
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > limit) return Promise.reject(bodyTooLarge(declared, limit));
  // Events rather than an async iterator: a call's body is read on every call, and the
  // iterator's promises cost more than the read.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const fail = (error: AppError): void => {
      request.off("data", onData);
      request.resume();
      reject(error);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) fail(bodyTooLarge(null, limit));
      else chunks.push(chunk);
    };
    request.on("data", onData);
    request.once("end", () => resolve(chunks.length === 1 ? chunks[0]!.toString("utf8") : Buffer.concat(chunks).toString("utf8")));
    request.once("error", () => fail(new AppError("bad_request:body", "The request body could not be read.")));
  });
}
