// The roots Toolscope offers a server (its answer to roots/list), as the server form edits them:
// one a line, a file:// URI and then, after a space, a name.
import type { Root } from "@/lib/domain/server-config";

export function rootsToText(roots: readonly Root[] | null | undefined): string {
  return (roots ?? []).map((root) => (root.name ? `${root.uri} ${root.name}` : root.uri)).join("\n");
}

/** The roots a text describes, or what is wrong with the first line that describes none. */
export function parseRoots(text: string): { roots: Root[] } | { problem: string } {
  const roots: Root[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    const [uri = "", ...rest] = line.split(/\s+/);
    const name = rest.join(" ");
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      return { problem: `Roots, line ${i + 1}: "${uri}" is not a URI. Write a file:// URI, e.g. file:///home/ada/project.` };
    }
    // The MCP specification has roots be file:// URIs; a server may refuse anything else.
    if (url.protocol !== "file:") return { problem: `Roots, line ${i + 1}: "${uri}" is not a file:// URI, as the MCP specification asks.` };
    roots.push(name ? { uri, name } : { uri });
  }
  return { roots };
}
