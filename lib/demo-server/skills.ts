// The demo server's skills (SEP-2640, `io.modelcontextprotocol/skills`): one skill whose files
// are served as `skill://` resources, listed by skills/list with each file's digest and size,
// which the SDK's skillEntry computes from the files as any publisher would. The demo is a
// low-level Server (server.ts says why), so it serves the two methods itself rather than through
// the SDK's SkillsExtension, which attaches to an McpServer.
import type { ReadResourceResult } from "@modelcontextprotocol/server";
import { skillEntry, type Skill } from "@modelcontextprotocol/server/ext/skills";

const BASE = "skill://demo/";
const SKILL = "weather-briefing";

const SKILL_MD = `---
name: ${SKILL}
description: Write a short weather briefing for a city, with the demo server's get_weather tool and the house style.
license: Apache-2.0
metadata:
  author: toolscope-demo
  version: "1.0"
---

# Weather briefing

Use this skill when someone asks what the weather will be like in a city.

1. Call \`get_weather\` with the city (the demo server knows the cities in \`references/CITIES.md\`).
2. Write the briefing in the house style of \`references/STYLE.md\`: three sentences, no more.
3. Fill \`templates/briefing.txt\` with what you found.

Never guess a temperature: if the tool fails, say so.
`;

const FILES: Record<string, string> = {
  "SKILL.md": SKILL_MD,
  "references/STYLE.md": "# House style\n\n- Lead with what to wear.\n- Temperatures in °C.\n- Three sentences at most.\n",
  "references/CITIES.md": "# Cities\n\nAmsterdam, Berlin, Braga, Lisbon, London, Madrid, Oslo, Paris, Porto.\n",
  "templates/briefing.txt": "Weather in {city}: {conditions}, {temperature} °C. {advice}\n",
};

const MIME: Record<string, string> = { md: "text/markdown", txt: "text/plain" };

let entries: Promise<Skill[]> | undefined;

/** The entries skills/list gives (built once: the files never change). */
export function demoSkills(): Promise<Skill[]> {
  entries ??= skillEntry(SKILL, FILES, { baseUri: BASE }).then((entry) => [entry]);
  return entries;
}

/** A skill file as resources/read answers it, or undefined when the URI is none of them. */
export function readDemoSkillFile(uri: string): ReadResourceResult | undefined {
  const prefix = `${BASE}${SKILL}/`;
  if (!uri.startsWith(prefix)) return undefined;
  const path = uri.slice(prefix.length);
  const text = FILES[path];
  if (text === undefined) return undefined;
  return { contents: [{ uri, mimeType: MIME[path.split(".").pop() ?? ""] ?? "text/plain", text }] };
}
