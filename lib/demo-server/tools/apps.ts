// Tools with a UI of their own (MCP Apps, the io.modelcontextprotocol/ui extension): the notes
// board, and board_data, which only its app calls (visibility ["app"]).
import { NOTES_BOARD_URI } from "../apps/notes-board";
import type { DemoTool } from "../types";
import { notesByTag } from "./notes";

function board(): { content: { type: "text"; text: string }[]; structuredContent: ReturnType<typeof notesByTag> } {
  const data = notesByTag();
  const lines = Object.entries(data.byTag).map(([tag, count]) => `- ${tag}: ${count}`);
  return {
    content: [{ type: "text", text: `${data.notes.length} ${data.notes.length === 1 ? "note" : "notes"} by tag:\n${lines.join("\n")}` }],
    structuredContent: data,
  };
}

export const appTools: DemoTool[] = [
  {
    definition: {
      name: "notes_board",
      title: "Notes board",
      description:
        "Shows the notes per tag as a chart in an MCP App: a UI of the tool's own, rendered by the host in a sandbox. From the app, add a note (it calls create_note through the host).",
      inputSchema: { type: "object", additionalProperties: false },
      annotations: { readOnlyHint: true, openWorldHint: false },
      _meta: { ui: { resourceUri: NOTES_BOARD_URI, visibility: ["model", "app"] } },
    },
    run: () => board(),
  },
  {
    definition: {
      name: "board_data",
      title: "Notes board data",
      description: "The notes board's data, for its app to refresh itself. Hidden from the model and the catalog's default view.",
      inputSchema: { type: "object", additionalProperties: false },
      annotations: { readOnlyHint: true, openWorldHint: false },
      _meta: { ui: { resourceUri: NOTES_BOARD_URI, visibility: ["app"] } },
    },
    run: () => board(),
  },
];
