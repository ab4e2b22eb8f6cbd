// The JSON tree as a keyboard and a screen reader meet it: a tree whose rows read like the
// JSON text, folded and unfolded by arrow keys and by its buttons, and a large document that
// starts folded instead of drawing every row.
import { describe, expect, it } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { JsonTree } from "./json-tree";

describe("JsonTree", () => {
  it("reads as JSON text and folds by arrow keys", async () => {
    await render(<JsonTree value={{ service: "demo", tags: ["a", "b"], nested: { deep: 1 } }} testId="tree" />);
    const tree = page.getByRole("treegrid", { name: "JSON" });
    await expect.element(page.getByTestId("tree")).toHaveTextContent('{"service": "demo","tags": ["a","b"],"nested": {"deep": 1}}');
    const root = page.getByRole("row").first();
    await expect.element(root).toHaveAttribute("aria-expanded", "true");

    await userEvent.keyboard("{Tab}");
    await expect.element(root).toHaveFocus();
    await userEvent.keyboard("{ArrowLeft}");
    await expect.element(root).toHaveAttribute("aria-expanded", "false");
    await expect.element(tree).toHaveTextContent("{3 keys}");
    await userEvent.keyboard("{ArrowRight}");
    await expect.element(tree).toHaveTextContent('"tags": ["a","b"]');

    // Down to "tags", then fold it with its own button.
    await userEvent.keyboard("{ArrowDown}{ArrowDown}");
    await expect.element(page.getByRole("row", { name: /"tags"/ })).toHaveFocus();
    await page
      .getByRole("row", { name: /"tags"/ })
      .getByRole("button", { name: "Collapse" })
      .click();
    await expect.element(tree).toHaveTextContent('"tags": [2 items],');
  });

  it("starts a large document folded beyond a budget of rows", async () => {
    const big = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`k${i}`, Array.from({ length: 20 }, (__, j) => j)]));
    const view = await render(<JsonTree value={big} testId="big" />);
    await expect.element(page.getByTestId("big")).toHaveTextContent('"k0": [');
    const rows = view.container.querySelectorAll("[role=row]").length;
    expect(rows).toBeLessThan(700);
    expect(rows).toBeGreaterThan(150);
  });
});
