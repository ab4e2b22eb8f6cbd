// Toolscope's own connection code (not the SDK alone) against real servers over real
// transports: the demo server, server-everything from npm, a 2026-07-28-only server, a
// 2024-11-05 server, a server with malformed tools and one that dies mid-call. What does not
// depend on the transport runs in memory, with no child process: connection-in-memory.test.ts.
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolResult } from "@/test/tool-result";
import { startDemoHttpServer, type DemoHttpServer } from "@/lib/demo-server/http";
import { DEMO_CLI } from "@/test/demo-client";
import { startHttpFixture, stdioCommand, REPO_ROOT, type HttpFixture } from "@/test/fixtures/spawn";
import { ServerConnection } from "./connection";
import { classifyCallError } from "@/lib/calls/classify-error";
import { ServerConfigSchema, type ServerConfig } from "../domain/server-config";
import { answerUserInput, withInteractor, type Interactor, type UserAnswer, type UserInputRequest } from "./user-input";
import { programArgs } from "@/test/programs";

function config(raw: Record<string, unknown>): ServerConfig {
  return ServerConfigSchema.parse({ name: String(raw.id), ...raw });
}

function stdio(id: string, file: string): ServerConfig {
  return config({ id, transport: "stdio", ...stdioCommand(file) });
}

async function connected(cfg: ServerConfig): Promise<ServerConnection> {
  const connection = new ServerConnection(cfg, "database", 10_000);
  await connection.ready();
  return connection;
}

function withArgs<T extends { args: string[] }>(command: T, ...extra: string[]): T {
  return { ...command, args: [...command.args, ...extra] };
}

const textOf = (result: { content: { type: string; text?: string }[] }): string | undefined => result.content[0]?.text;

describe("the bundled demo server", () => {
  let http: DemoHttpServer;
  beforeAll(async () => {
    http = await startDemoHttpServer({});
  });
  afterAll(() => http?.close());

  it.each([
    [
      "stdio",
      () =>
        config({
          id: "demo-stdio",
          transport: "stdio",
          command: process.execPath,
          args: [...programArgs(DEMO_CLI), "stdio"],
          cwd: REPO_ROOT,
        }),
    ],
    ["Streamable HTTP (auto)", () => config({ id: "demo-http", transport: "auto", url: http.url })],
  ])("connects over %s, lists every tool and calls one", async (_label, make) => {
    const connection = await connected(make());
    try {
      const snapshot = connection.snapshot();
      expect(snapshot).toMatchObject({ status: "ready", protocolVersion: "2026-07-28", toolCount: 26, invalidToolCount: 0 });
      expect(snapshot.activeTransport).toBe(make().transport === "stdio" ? "stdio" : "streamable-http");
      expect(textOf(await toolResult(connection, "echo", { message: "hello" }))).toBe("hello");
      expect(connection.catalog().lint).toEqual({});
    } finally {
      await connection.close();
    }
  });

  it("refreshes its catalog on list_changed", async () => {
    const connection = await connected(config({ id: "demo-live", transport: "streamable-http", url: http.url }));
    try {
      const events: number[] = [];
      connection.subscribe((e) => e.type === "tools" && events.push(e.catalog.tools.length));
      const before = connection.catalog().tools.length;
      await toolResult(connection, "toggle_bonus_tool", {});
      await expect.poll(() => events.at(-1), { timeout: 5_000 }).not.toBe(undefined);
      expect(Math.abs(connection.catalog().tools.length - before)).toBe(1);
    } finally {
      await connection.close();
    }
  });
});

describe("subscriptions/listen on 2026-07-28", () => {
  it("reopens the listen stream after the server closes it, and still hears list changes", async () => {
    let http = await startDemoHttpServer({});
    const port = http.port;
    const connection = await connected(config({ id: "demo-relisten", transport: "streamable-http", url: http.url }));
    try {
      // A restart closes the stream from the server's side; 2026 HTTP is sessionless, so the same URL serves on.
      await http.close();
      http = await startDemoHttpServer({ port });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const before = connection.catalog().tools.length;
      await toolResult(connection, "toggle_bonus_tool", {});
      await expect.poll(() => connection.catalog().tools.length, { timeout: 8_000 }).toBe(before + 1);
    } finally {
      await connection.close();
      await http.close();
    }
  });
});

describe("@modelcontextprotocol/server-everything from npm", () => {
  const fixtures: HttpFixture[] = [];
  afterAll(() => Promise.all(fixtures.map((f) => f.stop())));

  it.each(["stdio", "sse", "streamableHttp"])("works over %s", async (mode) => {
    let cfg: ServerConfig;
    if (mode === "stdio") cfg = config({ id: "everything", transport: "stdio", ...stdioCommand("everything.ts", "stdio") });
    else {
      const fixture = await startHttpFixture("everything.ts", mode);
      fixtures.push(fixture);
      cfg = config({ id: "everything", transport: "auto", url: fixture.url });
    }
    const connection = await connected(cfg);
    try {
      expect(connection.snapshot().activeTransport).toBe(mode === "stdio" ? "stdio" : mode === "sse" ? "sse" : "streamable-http");
      expect(connection.catalog().tools.map((t) => t.name)).toContain("echo");
      expect(textOf(await toolResult(connection, "echo", { message: "hi" }))).toContain("hi");
    } finally {
      await connection.close();
    }
  });
});

describe("servers of other protocol revisions", () => {
  const fixtures: HttpFixture[] = [];
  afterAll(() => Promise.all(fixtures.map((f) => f.stop())));

  it.each([
    ["a 2026-07-28-only server over stdio", () => stdio("modern", "modern-2026.ts"), "2026-07-28"],
    [
      "a 2026-07-28-only server over HTTP",
      async () => config({ id: "modern", transport: "auto", url: (await start("modern-2026.ts", "http")).url }),
      "2026-07-28",
    ],
    ["a 2024-11-05 server over stdio", () => stdio("legacy", "legacy-2024.ts"), "2024-11-05"],
    [
      "a 2024-11-05 server over legacy SSE, found by auto",
      async () => config({ id: "legacy", transport: "auto", url: (await start("legacy-2024.ts", "sse")).url }),
      "2024-11-05",
    ],
  ])("negotiates with %s", async (_label, make, version) => {
    const connection = await connected(await make());
    try {
      expect(connection.snapshot().protocolVersion).toBe(version);
      expect(textOf(await toolResult(connection, "add", { a: 2, b: 3 }))).toContain("5");
    } finally {
      await connection.close();
    }
  });

  async function start(file: string, mode: string): Promise<HttpFixture> {
    const fixture = await startHttpFixture(file, mode);
    fixtures.push(fixture);
    return fixture;
  }
});

describe("x-mcp-header rules (SEP-2243)", () => {
  let modern: HttpFixture;
  beforeAll(async () => {
    modern = await startHttpFixture("modern-2026.ts", "http");
  });
  afterAll(() => modern?.stop());

  it("shows a tool the SDK excluded on Streamable HTTP as invalid, with the reason", async () => {
    const connection = await connected(config({ id: "modern-headers", transport: "streamable-http", url: modern.url }));
    try {
      const catalog = connection.catalog();
      expect(catalog.tools.map((t) => t.name)).not.toContain("bad_header");
      expect(catalog.invalid).toEqual([
        expect.objectContaining({
          name: "bad_header",
          problems: [expect.stringMatching(/Excluded \(SEP-2243\): filter: .*string, integer or boolean/)],
        }),
      ]);
    } finally {
      await connection.close();
    }
  });

  it("keeps it over stdio (no headers there) with a lint warning", async () => {
    const connection = await connected(stdio("modern-headers-stdio", "modern-2026.ts"));
    try {
      expect(connection.catalog().lint.bad_header).toEqual([expect.stringMatching(/Invalid x-mcp-header declaration/)]);
    } finally {
      await connection.close();
    }
  });
});

describe("misbehaving servers", () => {
  let malformed: HttpFixture;
  beforeAll(async () => {
    malformed = await startHttpFixture("malformed-tools.ts", "http");
  });
  afterAll(() => malformed?.stop());

  it.each([
    ["HTTP", () => config({ id: "malformed", transport: "streamable-http", url: malformed.url })],
    ["stdio", () => stdio("malformed", "malformed-tools.ts")],
  ])("keeps the valid tools of a server that sends malformed ones (%s)", async (_label, make) => {
    const connection = await connected(make());
    try {
      const catalog = connection.catalog();
      expect(catalog.tools.map((t) => t.name)).toEqual(["add", "echo", "upper"]);
      expect(catalog.invalid.map((t) => t.name)).toEqual(["no_schema_type", "icon_without_src", "string_read_only_hint"]);
      expect(catalog.invalid[0]!.problems.join(" ")).toMatch(/inputSchema\.type/);
      expect(catalog.invalid[2]!.problems.join(" ")).toMatch(/annotations\.readOnlyHint/);
      expect(textOf(await toolResult(connection, "echo", { message: "still works" }))).toContain("still works");
      // A tools/list of someone's own (the RPC console) gets the server's answer as sent, malformed tools
      // included, and leaves the catalog as it was.
      const client = await connection.ready();
      const raw = await client.request(
        { method: "tools/list", params: {} },
        z.looseObject({ tools: z.array(z.looseObject({ name: z.string() })) }),
      );
      expect(raw.tools.map((t) => t.name)).toEqual(expect.arrayContaining(["no_schema_type", "icon_without_src", "string_read_only_hint"]));
      expect(connection.catalog().invalid.map((t) => t.name)).toEqual(["no_schema_type", "icon_without_src", "string_read_only_hint"]);
    } finally {
      await connection.close();
    }
  });

  it.each([
    ["stdio", async () => ({ cfg: config({ id: "m26", transport: "stdio", ...withArgs(stdioCommand("modern-2026.ts"), "--malformed") }) })],
    [
      "Streamable HTTP",
      async () => {
        const fixture = await startHttpFixture("modern-2026.ts", "http", ["--malformed"]);
        return { cfg: config({ id: "m26", transport: "streamable-http", url: fixture.url }), stop: () => fixture.stop() };
      },
    ],
  ])("keeps the valid tools of a 2026-07-28 server that sends malformed ones (%s)", async (_label, start) => {
    const { cfg, stop } = (await start()) as { cfg: ServerConfig; stop?: () => Promise<void> };
    const connection = await connected(cfg);
    try {
      expect(connection.snapshot().protocolVersion).toBe("2026-07-28");
      const catalog = connection.catalog();
      expect(catalog.tools.map((t) => t.name)).toEqual(expect.arrayContaining(["add", "echo", "change_tools"]));
      expect(catalog.tools.map((t) => t.name)).not.toContain("no_schema_type");
      expect(catalog.invalid.filter((t) => t.name !== "bad_header").map((t) => t.name)).toEqual(["no_schema_type", "string_hint"]);
      expect(catalog.invalid.find((t) => t.name === "no_schema_type")!.problems.join(" ")).toMatch(/inputSchema\.type/);
      expect(catalog.invalid.find((t) => t.name === "string_hint")!.problems.join(" ")).toMatch(/annotations\.readOnlyHint/);
      expect(textOf(await toolResult(connection, "add", { a: 2, b: 3 }))).toBe("5");
    } finally {
      await connection.close();
      await stop?.();
    }
  });

  it("explains a server that dies mid-call, and the other servers keep working", async () => {
    const dying = await connected(stdio("dying", "dying.ts"));
    const healthy = await connected(stdio("healthy", "modern-2026.ts"));
    try {
      const error = await toolResult(dying, "die", {}).then(
        () => undefined,
        (e: unknown) => e,
      );
      const classified = classifyCallError(error);
      expect(classified.status).toBe("transport_error");
      expect(dying.explainTransportFailure(classified.message)).toMatch(/The connection to dying failed during the call: .*closed/i);
      await expect.poll(() => dying.snapshot().status).toBe("failed");
      expect(textOf(await toolResult(healthy, "echo", { message: "alive" }))).toContain("alive");
      // The dead server is reconnected with backoff (reconnect-policy.ts: 2 s, then 5, 10 and 30 s
      // should an attempt fail, as a start can on a machine running both suites): wait for that.
      await expect.poll(() => dying.snapshot().status, { timeout: 75_000 }).toBe("ready");
    } finally {
      await dying.close();
      await healthy.close();
    }
  }, 120_000);
});

describe("requests a server makes of the user", () => {
  const answerWith =
    (answer: UserAnswer, seen: UserInputRequest[] = []): Interactor =>
    (request) => {
      seen.push(request);
      setTimeout(() => answerUserInput(request.serverId, request.id, answer), 10);
    };

  it("routes a 2026 input_required elicitation to the caller and returns the answer", async () => {
    const connection = await connected(
      config({
        id: "demo-elicit",
        transport: "stdio",
        command: process.execPath,
        args: [...programArgs(DEMO_CLI), "stdio"],
        cwd: REPO_ROOT,
      }),
    );
    try {
      const seen: UserInputRequest[] = [];
      const result = await withInteractor(
        "demo-elicit",
        answerWith({ action: "accept", content: { confirm: true, urgency: "high" } }, seen),
        () => toolResult(connection, "confirm_action", { action: "ship" }),
      );
      expect(seen[0]).toMatchObject({ kind: "elicitation", params: { message: "Do you want to ship?" } });
      expect(textOf(result)).toBe("Confirmed: ship (urgency high).");
      const declined = await withInteractor("demo-elicit", answerWith({ action: "decline" }), () =>
        toolResult(connection, "confirm_action", {}),
      );
      expect(textOf(declined)).toMatch(/chose to decline/);
      // With no one to ask (a script using the API), the request is declined.
      expect(textOf(await toolResult(connection, "confirm_action", {}))).toMatch(/chose to decline/);
    } finally {
      await connection.close();
    }
  });

  it("routes 2025 server-to-client elicitation and sampling requests, and answers roots/list from the config", async () => {
    const connection = await connected(
      config({
        id: "everything-input",
        transport: "stdio",
        ...stdioCommand("everything.ts", "stdio"),
        roots: [{ uri: "file:///srv/project", name: "Project" }],
      }),
    );
    try {
      expect(connection.snapshot().protocolVersion).toBe("2025-11-25");
      const seen: UserInputRequest[] = [];
      const elicited = await withInteractor(
        "everything-input",
        answerWith({ action: "accept", content: { name: "Ada", check: true } }, seen),
        () => toolResult(connection, "trigger-elicitation-request", {}),
      );
      expect(seen[0]!.kind).toBe("elicitation");
      expect(JSON.stringify(elicited.content)).toContain("Ada");
      const sampled = await withInteractor("everything-input", answerWith({ action: "accept", text: "A human reply" }), () =>
        toolResult(connection, "trigger-sampling-request", { prompt: "Say hi" }),
      );
      expect(JSON.stringify(sampled.content)).toContain("A human reply");
      const roots = await toolResult(connection, "get-roots-list", {});
      expect(JSON.stringify(roots.content)).toContain("file:///srv/project");
    } finally {
      await connection.close();
    }
  });
});
