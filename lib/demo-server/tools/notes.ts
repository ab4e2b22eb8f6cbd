// A small in-memory notes store: the tools here cover every annotation combination
// (read-only, destructive, idempotent, open-world, none at all, a title only in
// annotations.title) on operations whose behaviour matches their hints.
import { NOTE_ICONS, TRASH_ICONS, WEATHER_ICONS } from "../icons";
import { text, type DemoTool } from "../types";

type Note = { id: string; title: string; body: string; tags: string[]; createdAt: string };

const notes = new Map<string, Note>([
  [
    "welcome",
    {
      id: "welcome",
      title: "Welcome",
      body: "Toolscope's demo server keeps notes in memory.",
      tags: ["demo"],
      createdAt: new Date(0).toISOString(),
    },
  ],
]);
let nextId = 1;

/** The notes as the notes board (an MCP App: tools/apps.ts) shows them. */
export function notesByTag(): { notes: { id: string; title: string; tags: string[] }[]; byTag: Record<string, number> } {
  const all = [...notes.values()];
  const byTag: Record<string, number> = {};
  for (const note of all) for (const tag of note.tags.length ? note.tags : ["untagged"]) byTag[tag] = (byTag[tag] ?? 0) + 1;
  return { notes: all.map(({ id, title, tags }) => ({ id, title, tags })), byTag };
}

export const noteTools: DemoTool[] = [
  {
    definition: {
      name: "list_notes",
      description: "Lists the notes kept in the demo server's memory. Takes no parameters.",
      inputSchema: { type: "object", additionalProperties: false },
      annotations: { title: "List notes", readOnlyHint: true, openWorldHint: false },
      icons: NOTE_ICONS,
    },
    run: () => {
      const all = [...notes.values()];
      return {
        content: [{ type: "text", text: all.map((n) => `- ${n.id}: ${n.title}`).join("\n") || "(no notes)" }],
        structuredContent: { notes: all.map(({ id, title, tags }) => ({ id, title, tags })) },
      };
    },
  },
  {
    definition: {
      name: "read_note",
      title: "Read a note",
      description: "Returns one note by its id.",
      inputSchema: {
        type: "object",
        properties: { id: { type: "string", description: "The note's id", examples: ["welcome"] } },
        required: ["id"],
      },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    run: (args) => {
      const note = notes.get(String(args.id));
      if (!note) return { content: [{ type: "text", text: `No note with id "${String(args.id)}".` }], isError: true };
      return text(`# ${note.title}\n\n${note.body}`);
    },
  },
  {
    definition: {
      name: "create_note",
      title: "Create a note",
      description: "Adds a note. Nested objects and arrays of objects exercise the form renderer.",
      inputSchema: {
        type: "object",
        properties: {
          title: { type: "string", minLength: 1, maxLength: 120, examples: ["Release checklist"] },
          body: { type: "string", description: "Markdown body" },
          tags: { type: "array", items: { type: "string" }, uniqueItems: true, default: [] },
          author: {
            type: "object",
            description: "Who wrote it",
            properties: {
              name: { type: "string" },
              email: { type: "string", format: "email" },
            },
            required: ["name"],
          },
          links: {
            type: "array",
            description: "Related links",
            items: {
              type: "object",
              properties: { label: { type: "string" }, url: { type: "string", format: "uri" } },
              required: ["url"],
            },
          },
        },
        required: ["title"],
      },
      annotations: { destructiveHint: false, idempotentHint: false, openWorldHint: false },
      icons: NOTE_ICONS,
    },
    run: (args) => {
      const id = `note-${nextId++}`;
      const tags = Array.isArray(args.tags) ? args.tags.map(String) : [];
      notes.set(id, { id, title: String(args.title), body: String(args.body ?? ""), tags, createdAt: new Date().toISOString() });
      return text(`Created note ${id}.`);
    },
  },
  {
    definition: {
      name: "delete_note",
      title: "Delete a note",
      description: "Deletes a note for good. Deleting a missing note succeeds (idempotent).",
      inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      icons: TRASH_ICONS,
    },
    run: (args) => text(notes.delete(String(args.id)) ? `Deleted ${String(args.id)}.` : `${String(args.id)} was already gone.`),
  },
  {
    definition: {
      name: "echo",
      description: "Echoes its message back. Declares no annotations at all, so every hint takes the spec's default.",
      inputSchema: { type: "object", properties: { message: { type: "string", default: "Hello, Toolscope" } }, required: ["message"] },
    },
    run: (args) => text(String(args.message)),
  },
  {
    definition: {
      name: "get_weather",
      title: "Weather",
      description:
        "Current weather for a city (simulated: the demo server never leaves the machine). Its structured output conforms to its output schema.",
      inputSchema: {
        type: "object",
        properties: {
          city: { type: "string", description: "City name", examples: ["Lisbon", "Oslo"] },
          units: {
            description: "Temperature units",
            oneOf: [
              { const: "metric", title: "Celsius" },
              { const: "imperial", title: "Fahrenheit" },
            ],
            default: "metric",
          },
        },
        required: ["city"],
      },
      outputSchema: {
        type: "object",
        properties: {
          city: { type: "string" },
          temperature: { type: "number" },
          units: { enum: ["metric", "imperial"] },
          conditions: { type: "string" },
          humidity: { type: "integer", minimum: 0, maximum: 100 },
        },
        required: ["city", "temperature", "units", "conditions", "humidity"],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
      icons: WEATHER_ICONS,
    },
    run: (args) => {
      const city = String(args.city);
      const units = args.units === "imperial" ? "imperial" : "metric";
      const seed = [...city].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
      const celsius = (seed % 35) - 5;
      const weather = {
        city,
        temperature: units === "metric" ? celsius : Math.round(celsius * 1.8 + 32),
        units,
        conditions: ["Sunny", "Partly cloudy", "Overcast", "Light rain", "Windy"][seed % 5]!,
        humidity: 30 + (seed % 60),
      };
      return { content: [{ type: "text", text: JSON.stringify(weather) }], structuredContent: weather };
    },
  },
];
