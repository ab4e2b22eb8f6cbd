// The suite New suite starts from. Client-safe.
/** What New suite starts from: one case against the demo server, each kind of expectation shown once. */
export const STARTER_SUITE = {
  format: "toolscope-eval-suite",
  version: 1,
  name: "Weather",
  description: "Does the model look the weather up, for the right city, and nothing else?",
  servers: ["demo"],
  cases: [
    {
      name: "Weather in Porto",
      prompt: "What is the weather like in Porto today?",
      expect: [
        { kind: "called", tool: "get_weather", arguments: { city: "Porto" } },
        { kind: "result", tool: "get_weather", checks: [{ kind: "no_error" }] },
        { kind: "not_called", tool: "delete_note" },
        { kind: "max_calls", count: 2 },
        { kind: "answer_matches", pattern: "porto", flags: "i" },
      ],
    },
  ],
};
