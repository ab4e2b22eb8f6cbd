import { describe, expect, it } from "vitest";
import { itemTitle } from "./rjsf-templates";

describe("itemTitle", () => {
  it("renames an array item's generated title, and nothing else", () => {
    expect(itemTitle("tool-x_tasks_0__title", "tasks-1")).toBe("tasks #1");
    expect(itemTitle("tool-x_tasks_0_subtasks_11", "subtasks-12")).toBe("subtasks #12");
    expect(itemTitle("tool-x_name", "name")).toBe("name");
    // A property really called "a-1" that is not an array item keeps its name.
    expect(itemTitle("tool-x_a-1", "a-1")).toBe("a-1");
    expect(itemTitle("tool-x_list_2", "Custom title")).toBe("Custom title");
  });
});
