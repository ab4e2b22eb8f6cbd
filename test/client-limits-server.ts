// A server built to break each popular client's documented limits once, one tool per limit
// (lib/report/client-compat.test.ts names which tool breaks which client), and, with `padding`,
// as many more well-formed tools as it takes to pass the clients' caps on the number of tools.
// Run in memory with test/in-memory-server.ts.
import { Server, type Tool } from "@modelcontextprotocol/server";

const CITY = {
  type: "object" as const,
  properties: { city: { type: "string", description: "The city, such as Lisbon or Osaka." } },
  required: ["city"],
};

/** A tool every client takes as it is: a valid name, a title, a read-only hint, a plain schema. */
const fine = (name: string, extra: Partial<Tool> = {}): Tool => ({
  name,
  title: "Forecast",
  description: "Returns the weather forecast for one city as text, in metric units.",
  inputSchema: CITY,
  annotations: { readOnlyHint: true },
  ...extra,
});

/** With a server named "limits" (6 characters), a name of 55 or more passes Cursor's 60. */
export const CURSOR_LONG_NAME = "forecast_for_every_city_in_the_region_with_hourly_steps";

export const CLIENT_LIMIT_TOOLS: Tool[] = [
  fine("forecast"),
  // A dot: OpenAI and Anthropic refuse it, Gemini takes it.
  fine("weather.today"),
  // A digit first: only Gemini refuses it.
  fine("3day_forecast"),
  fine(CURSOR_LONG_NAME),
  // No title, no hints: Claude's connector directory asks for both.
  fine("untitled_forecast", { title: undefined, annotations: undefined }),
  // Enum values of two types: the AI SDK's Google adapter cannot convert the schema.
  fine("mixed_units", {
    inputSchema: {
      ...CITY,
      properties: { ...CITY.properties, units: { enum: ["metric", 1], description: "Units: metric, or 1 for imperial." } },
    },
  }),
  // Bounds and a pattern: Gemini's conversion leaves them out.
  fine("bounded_forecast", {
    inputSchema: {
      ...CITY,
      properties: {
        ...CITY.properties,
        days: { type: "integer", minimum: 1, maximum: 7, description: "How many days ahead, 1 to 7." },
        // minLength is one constraint the adapter keeps: it must not be reported.
        station: { type: "string", pattern: "^[A-Z]{4}$", minLength: 4, description: "A four-letter ICAO station code." },
      },
    },
  }),
];

export function createClientLimitsServer({ padding = 0 }: { padding?: number } = {}): Server {
  const tools = [...CLIENT_LIMIT_TOOLS, ...Array.from({ length: padding }, (_, i) => fine(`forecast_${i + 1}`))];
  const server = new Server({ name: "fixture-client-limits", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler("tools/list", () => ({ tools }));
  server.setRequestHandler("tools/call", () => ({ content: [{ type: "text", text: "Sunny." }] }));
  return server;
}
