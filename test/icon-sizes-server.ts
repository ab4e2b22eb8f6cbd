// A server with one tool whose unthemed PNG icons come in six sizes (each a different colour),
// listed out of order, so a client's choice of size can be read from the image it shows. Served
// over stdio by test/fixtures/icon-sizes.ts and in memory to component tests (test/component-fixtures.ts).
import { Server, type Tool } from "@modelcontextprotocol/server";
import { badgePng, pngDataUri } from "../lib/demo-server/media";

const SIZES = [128, 16, 64, 24, 48, 40];

const SIZED: Tool = {
  name: "sized",
  description: `PNG icons at ${SIZES.join(", ")} pixels.`,
  inputSchema: { type: "object" },
  annotations: { readOnlyHint: true },
  icons: SIZES.map((size) => ({
    src: pngDataUri(badgePng(size, [size, 100, 200], [255, 255, 255])),
    mimeType: "image/png",
    sizes: [`${size}x${size}`],
  })),
};

export function createIconSizesServer(): Server {
  const server = new Server({ name: "fixture-icon-sizes", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler("tools/list", () => ({ tools: [SIZED] }));
  server.setRequestHandler("tools/call", () => ({ content: [{ type: "text", text: "ok" }] }));
  return server;
}
