// An OpenAI-compatible model server of our own, for tests: no real provider is reachable here. It
// speaks what Ollama, vLLM, LM Studio and llama.cpp speak (`GET /v1/models`, `POST
// /v1/chat/completions`, streamed as server-sent events or not), answers each model by a script the
// test gives, checks the API key, and keeps every request it was sent, so a test can read what
// Toolscope sent. Loopback only; stopped by the test.
import http from "node:http";
import type { AddressInfo } from "node:net";

/** A message as chat completions carry it. */
export type ChatMessage = {
  role: "system" | "user" | "assistant" | "tool";
  content?: string | { type: string; text?: string }[] | null;
  tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
};

export type ChatRequest = {
  model: string;
  messages: ChatMessage[];
  tools?: { type: "function"; function: { name: string; description?: string; parameters?: unknown } }[];
  stream?: boolean;
  temperature?: number;
};

/** What a scripted model answers: text, tool calls, or an HTTP error. */
export type ScriptedReply =
  { text: string } | { toolCalls: { name: string; arguments: Record<string, unknown> | string }[] } | { status: number; error: string };

export type ModelScript = (request: ChatRequest) => ScriptedReply;

export type RecordedRequest = { path: string; authorization: string | undefined; body: ChatRequest | undefined };

export type ScriptedModelServer = {
  /** The base URL a client is given, ending in /v1 (as OPENAI_BASE_URL is). */
  baseUrl: string;
  requests: RecordedRequest[];
  close: () => Promise<void>;
};

/** The text of a message, however its content was sent. */
export function textOf(message: ChatMessage | undefined): string {
  const content = message?.content;
  if (typeof content === "string") return content;
  return (content ?? []).map((part) => part.text ?? "").join("");
}

/** Rough token counts, so usage is never zero: four characters a token. */
function usage(request: ChatRequest, reply: string): { prompt_tokens: number; completion_tokens: number; total_tokens: number } {
  const prompt = Math.ceil(JSON.stringify(request.messages).length / 4);
  const completion = Math.max(1, Math.ceil(reply.length / 4));
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

function toolCallsOf(reply: Extract<ScriptedReply, { toolCalls: unknown }>) {
  return reply.toolCalls.map((call, index) => ({
    id: `call_${index + 1}`,
    type: "function" as const,
    function: { name: call.name, arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments) },
  }));
}

function complete(response: http.ServerResponse, request: ChatRequest, reply: Exclude<ScriptedReply, { status: number }>): void {
  const id = `chatcmpl-${Date.now()}`;
  const created = Math.floor(Date.now() / 1000);
  const calls = "toolCalls" in reply ? toolCallsOf(reply) : undefined;
  const text = "text" in reply ? reply.text : "";
  const finish = calls ? "tool_calls" : "stop";
  const counted = usage(request, text + JSON.stringify(calls ?? ""));
  if (!request.stream) {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        id,
        object: "chat.completion",
        created,
        model: request.model,
        choices: [{ index: 0, message: { role: "assistant", content: calls ? null : text, tool_calls: calls }, finish_reason: finish }],
        usage: counted,
      }),
    );
    return;
  }
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const send = (delta: Record<string, unknown>, finishReason: string | null = null): void => {
    const chunk = {
      id,
      object: "chat.completion.chunk",
      created,
      model: request.model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    };
    response.write(`data: ${JSON.stringify(chunk)}\n\n`);
  };
  send({ role: "assistant", content: "" });
  if (calls) calls.forEach((call, index) => send({ tool_calls: [{ index, ...call }] }));
  // Text in a few pieces, as a model streams it.
  for (const piece of text.match(/.{1,12}/gs) ?? []) send({ content: piece });
  send({}, finish);
  response.write(
    `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: request.model, choices: [], usage: counted })}\n\n`,
  );
  response.end("data: [DONE]\n\n");
}

export async function startScriptedModelServer(options: {
  apiKey: string;
  models: Record<string, ModelScript>;
}): Promise<ScriptedModelServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = new URL(request.url ?? "/", "http://model.test").pathname;
      let body: ChatRequest | undefined;
      try {
        body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatRequest) : undefined;
      } catch {
        body = undefined;
      }
      requests.push({ path, authorization: request.headers.authorization, body });
      const fail = (status: number, message: string): void => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { message, type: "invalid_request_error" } }));
      };
      if (request.headers.authorization !== `Bearer ${options.apiKey}`) return fail(401, "Incorrect API key provided.");
      if (request.method === "GET" && path === "/v1/models") {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(
          JSON.stringify({
            object: "list",
            data: Object.keys(options.models).map((id) => ({ id, object: "model", owned_by: "scripted" })),
          }),
        );
        return;
      }
      if (request.method !== "POST" || path !== "/v1/chat/completions") return fail(404, `No route ${request.method} ${path}`);
      if (!body) return fail(400, "The body is not JSON.");
      const script = options.models[body.model];
      if (!script) return fail(404, `The model ${body.model} does not exist.`);
      const reply = script(body);
      if ("status" in reply) return fail(reply.status, reply.error);
      complete(response, body, reply);
    });
  });
  // Idle connections kept for as long as a busy client may take to reuse one (docs/testing.md).
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A model that calls the first offered tool whose name ends with `suffix` with the user's words, then says what it answered. */
export function callsTool(suffix: string, argumentName: string): ModelScript {
  return (request) => {
    const last = request.messages.at(-1);
    if (last?.role === "tool") return { text: `The tool answered: ${textOf(last)}` };
    const tool = request.tools?.find((offered) => offered.function.name.endsWith(suffix));
    if (!tool) return { text: `No tool ending in ${suffix} was offered.` };
    return { toolCalls: [{ name: tool.function.name, arguments: { [argumentName]: textOf(last) } }] };
  };
}
