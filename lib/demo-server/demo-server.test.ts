// Lists and calls every demo tool with the official SDK client, over stdio and Streamable
// HTTP, on both protocol eras (2026-07-28 and 2025-11-25), and checks each result's shape.
import type { CallToolResult, Tool } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileSchema } from "@/lib/json-schema/dialect";
import { connectDemo, type DemoSession, type Era, type TransportKind } from "@/test/demo-client";

type Expectation = { args: Record<string, unknown>; check: (result: CallToolResult, tool: Tool) => void; protocolError?: number };

const textOf = (r: CallToolResult, i = 0): string => {
  const block = r.content[i];
  if (block?.type !== "text") throw new Error(`content[${i}] is ${block?.type}, not text`);
  return block.text;
};

const conformsToOutputSchema = (r: CallToolResult, tool: Tool): boolean => {
  const compiled = compileSchema(tool.outputSchema);
  if (!compiled.ok) throw new Error(compiled.error);
  return compiled.validate(r.structuredContent) as boolean;
};

const EXPECTED: Record<string, Expectation> = {
  list_notes: { args: {}, check: (r) => expect(r.structuredContent).toMatchObject({ notes: expect.any(Array) }) },
  read_note: { args: { id: "welcome" }, check: (r) => expect(textOf(r)).toContain("# Welcome") },
  create_note: {
    args: { title: "Test", tags: ["a"], author: { name: "Ada", email: "ada@example.com" }, links: [{ url: "https://example.com" }] },
    check: (r) => expect(textOf(r)).toMatch(/^Created note note-\d+\.$/),
  },
  delete_note: { args: { id: "nope" }, check: (r) => expect(textOf(r)).toContain("already gone") },
  echo: { args: { message: "hi" }, check: (r) => expect(textOf(r)).toBe("hi") },
  get_weather: {
    args: { city: "Oslo", units: "imperial" },
    check: (r, tool) => {
      expect(r.structuredContent).toMatchObject({ city: "Oslo", units: "imperial" });
      expect(JSON.parse(textOf(r))).toEqual(r.structuredContent);
      expect(conformsToOutputSchema(r, tool)).toBe(true);
    },
  },
  schedule_meeting: {
    args: {
      subject: "Review",
      day: "2026-12-01",
      organizer: "ada@example.com",
      startsAt: "2026-12-01T10:00:00Z",
      room: null,
      priority: "high",
    },
    check: (r) => expect(textOf(r)).toContain('"priority": "high"'),
  },
  configure_alert: {
    args: {
      metric: "cpu",
      threshold: "90%",
      window: "5m",
      channel: { kind: "webhook", url: "https://example.com/hook", secret: "s3cret" },
    },
    check: (r) => expect(textOf(r)).toContain("Alert configured"),
  },
  plan_project: {
    args: {
      project: "Launch",
      tasks: [{ name: "a", estimateHours: 2, subtasks: [{ name: "b", estimateHours: 3 }] }],
      labels: { team: "core" },
    },
    check: (r) => expect(textOf(r)).toBe("Launch: 5 hours in all."),
  },
  sign_in: { args: { username: "ada", password: "correct horse" }, check: (r) => expect(textOf(r)).toContain("13 characters") },
  notes_board: {
    args: {},
    check: (r) => {
      expect(r.structuredContent).toMatchObject({
        byTag: expect.objectContaining({ demo: 1, a: expect.any(Number) }),
        notes: expect.arrayContaining([expect.objectContaining({ id: "welcome" })]),
      });
      expect(textOf(r)).toMatch(/notes? by tag/);
    },
  },
  board_data: { args: {}, check: (r) => expect(r.structuredContent).toMatchObject({ byTag: expect.any(Object) }) },
  legacy_calculator: { args: { a: 6, b: 7, op: "multiply" }, check: (r) => expect(r.structuredContent).toEqual({ value: 42 }) },
  render_markdown: { args: {}, check: (r) => expect(textOf(r)).toMatch(/^# Release 1\.4[\s\S]*\| Area \| Status \|/) },
  get_json: { args: {}, check: (r) => expect(JSON.parse(textOf(r))).toMatchObject({ service: "toolscope-demo" }) },
  draw_chart: {
    args: { values: [1, 2, 3] },
    check: (r) => {
      const image = r.content[0];
      expect(image?.type).toBe("image");
      if (image?.type !== "image") return;
      expect(image.mimeType).toBe("image/png");
      expect(Buffer.from(image.data, "base64").subarray(1, 4).toString("ascii")).toBe("PNG");
    },
  },
  play_tone: {
    args: { frequencyHz: 440, durationMs: 100 },
    check: (r) => {
      const audio = r.content[0];
      expect(audio?.type).toBe("audio");
      if (audio?.type !== "audio") return;
      const wav = Buffer.from(audio.data, "base64");
      expect(audio.mimeType).toBe("audio/wav");
      expect(wav.subarray(0, 4).toString("ascii")).toBe("RIFF");
      expect(wav.subarray(8, 12).toString("ascii")).toBe("WAVE");
      expect(wav.length).toBe(44 + 8000 * 0.1 * 2);
    },
  },
  link_resources: {
    args: {},
    check: (r) => {
      expect(r.content.map((c) => c.type)).toEqual(["resource_link", "resource_link"]);
      expect(r.content[0]).toMatchObject({ uri: "demo://files/report.csv", mimeType: "text/csv" });
    },
  },
  embed_resources: {
    args: {},
    check: (r) => {
      expect(r.content.map((c) => c.type)).toEqual(["resource", "resource"]);
      expect(r.content[0]).toMatchObject({ resource: { mimeType: "text/csv", text: expect.stringContaining("month,visitors") } });
      expect(r.content[1]).toMatchObject({ resource: { mimeType: "image/png", blob: expect.any(String) } });
    },
  },
  annotated_content: {
    args: {},
    check: (r) => {
      expect(r.content[0]).toMatchObject({ annotations: { audience: ["user"], priority: 0.9, lastModified: "2026-11-01T09:30:00Z" } });
      expect(r.content[2]).toMatchObject({ type: "resource", annotations: { audience: ["user", "assistant"] } });
    },
  },
  broken_structured: { args: {}, check: (r, tool) => expect(conformsToOutputSchema(r, tool)).toBe(false) },
  fail_tool: {
    args: { reason: "boom" },
    check: (r) => expect(r).toMatchObject({ isError: true, content: [{ type: "text", text: "boom" }] }),
  },
  protocol_error: { args: { code: -32001 }, check: () => undefined, protocolError: -32001 },
  slow_task: { args: { steps: 3, stepMs: 20 }, check: (r) => expect(textOf(r)).toContain("Finished 3 steps") },
  confirm_action: { args: { action: "ship it" }, check: (r) => expect(textOf(r)).toBe("Confirmed: ship it (urgency high).") },
  toggle_bonus_tool: { args: {}, check: (r) => expect(textOf(r)).toMatch(/^(Added|Removed) bonus_tool\.$/) },
  bonus_tool: { args: { n: 2 }, check: (r) => expect(textOf(r)).toBe("Bonus 2") },
};

const COMBINATIONS: [TransportKind, Era][] = [
  ["stdio", "2026"],
  ["stdio", "2025"],
  ["http", "2026"],
  ["http", "2025"],
];

describe.each(COMBINATIONS)("demo server over %s, %s era", (kind, era) => {
  let session: DemoSession;
  let tools: Tool[];

  beforeAll(async () => {
    session = await connectDemo(kind, era);
    tools = (await session.client.listTools()).tools;
  });
  afterAll(() => session?.close());

  it("negotiates the expected protocol revision", () => {
    expect(session.client.getNegotiatedProtocolVersion()).toBe(era === "2026" ? "2026-07-28" : "2025-11-25");
  });

  it("lists every tool it has a test for, and nothing else", () => {
    const names = tools.map((t) => t.name).sort();
    expect(names).toEqual(
      Object.keys(EXPECTED)
        .filter((n) => n !== "bonus_tool")
        .sort(),
    );
  });

  it("sends annotations, icons and schemas as written", () => {
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get("echo")?.annotations).toBeUndefined();
    expect(byName.get("list_notes")).toMatchObject({ annotations: { title: "List notes" } });
    expect(byName.get("list_notes")?.title).toBeUndefined();
    expect(byName.get("delete_note")?.annotations).toMatchObject({ destructiveHint: true, idempotentHint: true });
    const icons = byName.get("get_weather")?.icons ?? [];
    expect(new Set(icons.map((i) => i.mimeType))).toEqual(new Set(["image/png", "image/svg+xml"]));
    expect(new Set(icons.map((i) => i.theme))).toEqual(new Set(["light", "dark", undefined]));
    expect(icons.every((i) => i.src.startsWith("data:image/"))).toBe(true);
    expect(byName.get("legacy_calculator")?.inputSchema.$schema).toBe("http://json-schema.org/draft-07/schema#");
    expect(JSON.stringify(byName.get("configure_alert")?.inputSchema)).toContain('"$ref":"#/$defs/email"');
    expect(byName.get("sign_in")?.inputSchema.properties?.password).toMatchObject({ writeOnly: true });
  });

  it("calls every tool and returns results of the documented shape", async () => {
    for (const tool of tools) {
      const expectation = EXPECTED[tool.name]!;
      const { outputSchema: _skipSdkValidation, ...definition } = tool;
      const call = session.client.callTool({ name: tool.name, arguments: expectation.args }, { toolDefinition: definition });
      if (expectation.protocolError !== undefined) {
        await expect(call, tool.name).rejects.toMatchObject({ code: expectation.protocolError });
        continue;
      }
      const result = await call;
      expect(result.isError ?? false, `${tool.name}: ${JSON.stringify(result.content)}`).toBe(tool.name === "fail_tool");
      expectation.check(result, tool);
    }
  });

  it("serves the notes board's UI (an MCP App) as a ui:// resource its tools name", async () => {
    const board = tools.find((t) => t.name === "notes_board");
    expect(board?._meta).toMatchObject({ ui: { resourceUri: "ui://demo/notes-board.html" } });
    expect(tools.find((t) => t.name === "board_data")?._meta).toMatchObject({ ui: { visibility: ["app"] } });
    const { contents } = await session.client.readResource({ uri: "ui://demo/notes-board.html" });
    expect(contents[0]).toMatchObject({ mimeType: "text/html;profile=mcp-app", _meta: { ui: { csp: {} } } });
    const html = (contents[0] as { text: string }).text;
    expect(html).toContain("ui/initialize");
    // Self-contained: nothing is loaded from anywhere.
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|https?:\/\//);
  });

  it("reports invalid arguments as a tool error", async () => {
    const result = await session.client.callTool({ name: "legacy_calculator", arguments: { a: "six" } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Invalid arguments for legacy_calculator/);
  });

  it("sends progress notifications for slow_task", async () => {
    const seen: { progress: number; total?: number; message?: string }[] = [];
    await session.client.callTool({ name: "slow_task", arguments: { steps: 3, stepMs: 150 } }, { onprogress: (p) => seen.push(p) });
    const steps = seen.filter((p) => p.message?.startsWith("Step"));
    // The SDK drops a notification that arrives in the same read as the result (a known SDK bug),
    // and a busy machine can batch the last two steps with it: what arrives is the start of the
    // sequence, in order, with its total and message, the first step at least (300 ms before the result).
    const expected = [1, 2, 3].map((step) => ({ progress: step, total: 3, message: `Step ${step} of 3` }));
    expect(steps.length).toBeGreaterThanOrEqual(1);
    expect(steps).toEqual(expected.slice(0, steps.length));
  });

  it("announces list changes as bonus_tool comes and goes, and the added tool can be called", async () => {
    // Toggle twice so that, whatever state earlier tests left, bonus_tool is added once
    // (and called) and removed once.
    let called = false;
    for (let round = 0; round < 2; round++) {
      const before = (await session.client.listTools()).tools.some((t) => t.name === "bonus_tool");
      const changesBefore = session.toolsChanged();
      await session.client.callTool({ name: "toggle_bonus_tool", arguments: {} });
      await expect.poll(() => session.toolsChanged(), { timeout: 5_000 }).toBeGreaterThan(changesBefore);
      expect(session.latestTools()?.some((t) => t.name === "bonus_tool")).toBe(!before);
      const bonus = (await session.client.listTools()).tools.find((t) => t.name === "bonus_tool");
      expect(Boolean(bonus)).toBe(!before);
      if (bonus) {
        EXPECTED.bonus_tool!.check(await session.client.callTool({ name: "bonus_tool", arguments: { n: 2 } }), bonus);
        called = true;
      }
    }
    expect(called).toBe(true);
  });
});

describe("demo server with generated tools", () => {
  it("paginates 250 generated tools in pages of 100", async () => {
    const session = await connectDemo("http", "2025", { TOOLSCOPE_DEMO_TOOLS: "250", TOOLSCOPE_DEMO_PAGE_SIZE: "100" });
    try {
      const first = await session.client.listTools({ cursor: undefined } as never);
      expect(first.tools).toHaveLength(276);
      const page = await session.client.listTools({ cursor: "0" });
      expect(page.tools).toHaveLength(100);
      expect(page.nextCursor).toBe("100");
      const last = await session.client.listTools({ cursor: "200" });
      expect(last.tools).toHaveLength(76);
      expect(last.nextCursor).toBeUndefined();
      const generated = first.tools.at(-1)!;
      const result = await session.client.callTool({ name: generated.name, arguments: { id: "x" } });
      expect(textOf(result)).toContain(generated.name);
    } finally {
      await session.close();
    }
  });
});
