import { describe, expect, it } from "vitest";
import { isAppOnly, toolUi, toolVisibility } from "./app-ui";

describe("a tool's MCP App", () => {
  it("reads _meta.ui, and the early drafts' flat key", () => {
    expect(toolUi({ _meta: { ui: { resourceUri: "ui://demo/a.html" } } })).toEqual({
      resourceUri: "ui://demo/a.html",
      visibility: ["model", "app"],
    });
    expect(toolUi({ _meta: { "ui/resourceUri": "ui://demo/b.html" } })?.resourceUri).toBe("ui://demo/b.html");
    expect(toolUi({ _meta: { ui: { resourceUri: "https://evil.example/app.html" } } })).toBeNull();
    expect(toolUi({})).toBeNull();
  });

  it("hides a tool only its app may call", () => {
    expect(isAppOnly({ _meta: { ui: { resourceUri: "ui://x", visibility: ["app"] } } })).toBe(true);
    expect(isAppOnly({ _meta: { ui: { resourceUri: "ui://x", visibility: ["model", "app"] } } })).toBe(false);
    expect(isAppOnly({ _meta: { ui: { resourceUri: "ui://x" } } })).toBe(false);
    expect(isAppOnly({})).toBe(false);
    // Visibility holds without a UI of the tool's own too.
    expect(isAppOnly({ _meta: { ui: { visibility: ["app"] } } })).toBe(true);
    expect(toolVisibility({ _meta: { ui: { visibility: ["model"] } } })).toEqual(["model"]);
  });
});
