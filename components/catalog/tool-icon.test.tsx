// A tool's icon, picked by theme and by the size it is drawn at, from real servers' definitions:
// the demo server's get_weather (light and dark PNGs of 16, 32 and 48 px) and a tool with PNGs of
// six sizes listed out of order (test/icon-sizes-server.ts). The app's stylesheet decides which
// themed image shows, as in the app. (These were browser tests through a whole Toolscope,
// e2e/catalog-more.spec.ts and e2e/catalog.spec.ts; the theme toggle stays there.)
import { afterEach, describe, expect, it } from "vitest";
import { page, type Locator } from "vitest/browser";
import { render } from "vitest-browser-react";
import { serverTool } from "@/components/invoke/testing/demo-fixtures";
import type { Tool } from "@/lib/domain/mcp-types";
import { ToolIcon } from "./tool-icon";

/** The src of a tool's icon for a theme and size, as its server lists it. */
function listedIcon(tool: Tool, theme: "light" | "dark", size: number): string {
  const icon = tool.icons?.find((candidate) => candidate.theme === theme && candidate.sizes?.includes(`${size}x${size}`));
  if (!icon) throw new Error(`${tool.name} lists no ${theme} ${size}px icon`);
  return icon.src;
}

/** The one image of the icon a person sees. */
function shown(): HTMLImageElement {
  const visible = [...document.querySelectorAll<HTMLImageElement>("[data-testid=tool-icon] img")].filter((img) => img.checkVisibility());
  expect(visible).toHaveLength(1);
  return visible[0]!;
}

const naturalWidth = (): number => {
  const img = shown();
  return img.complete ? img.naturalWidth : 0;
};

const icon = (drawnAt: number, tool: Tool) => render(<ToolIcon tool={tool} size={drawnAt} />);

afterEach(() => document.documentElement.classList.remove("dark"));

describe("ToolIcon", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`shows the ${theme} theme's icon, the smallest at least twice the drawn size, else the largest`, async () => {
      const weather = await serverTool("demo", "get_weather");
      if (theme === "dark") document.documentElement.classList.add("dark");
      // A catalog row draws it at 20 px: of the 16, 32 and 48 px icons, 48 is the smallest of at least 40.
      const row = await icon(20, weather);
      await expect.poll(() => shown().getAttribute("src")).toBe(listedIcon(weather, theme, 48));
      await expect.poll(naturalWidth).toBe(48);
      await row.unmount();
      // A tool's header draws it at 32 px: none reaches 64, so the largest of the theme.
      await icon(32, weather);
      await expect.poll(() => shown().getAttribute("src")).toBe(listedIcon(weather, theme, 48));
    });
  }

  it("picks by size among icons listed out of order", async () => {
    // PNGs of 128, 16, 64, 24, 48 and 40 px, each its own colour: the image's width tells which.
    const sized = await serverTool("icon-sizes", "sized");
    for (const [drawnAt, picked] of [
      [20, 40], // a catalog row
      [32, 64], // a tool's header
      [18, 40], // the command palette
    ] as const) {
      const drawn = await icon(drawnAt, sized);
      await expect.poll(naturalWidth).toBe(picked);
      await drawn.unmount();
    }
  });

  it("draws a placeholder with the tool's initial for a tool without icons", async () => {
    await icon(20, await serverTool("demo", "echo"));
    const placeholder: Locator = page.getByTestId("tool-icon-placeholder");
    await expect.element(placeholder).toBeVisible();
    await expect.element(placeholder).toHaveTextContent("e");
  });
});
