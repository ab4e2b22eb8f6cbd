// The question before a call that reaches the outside world or may destroy data, alone in
// Chromium on the demo server's real definitions: what it says and offers for an untrusted and a
// trusted server, what "don't ask again" keeps, and its keyboard model. (The untrusted question
// and the keyboard were browser tests through a whole Toolscope, e2e/confirm.spec.ts, which keeps
// the journeys: a trusted server's "don't ask again" across a reload, and Present.)
import { useState, type ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import type { Tool } from "@/lib/domain/mcp-types";
import { ConfirmCall, confirmationReason, confirmationSkipped } from "./confirm-call";
import { demoTool } from "./testing/demo-fixtures";

type Answer = "confirmed" | "cancelled";

/** A Run tool button that asks, as the tool panel does, and what the question was answered. */
function Asking({ tool, trusted, answers }: { tool: Tool; trusted: boolean; answers: Answer[] }): ReactNode {
  const [asking, setAsking] = useState(false);
  const answer = (given: Answer): void => {
    answers.push(given);
    setAsking(false);
  };
  return (
    <main>
      <button type="button" onClick={() => setAsking(true)}>
        Run tool
      </button>
      {asking && (
        <ConfirmCall
          tool={tool}
          serverId="demo"
          serverName="Demo server"
          trusted={trusted}
          args={{ city: "Lima" }}
          reason={confirmationReason(tool) ?? ""}
          onConfirm={() => answer("confirmed")}
          onCancel={() => answer("cancelled")}
        />
      )}
    </main>
  );
}

async function ask(toolName: string, trusted: boolean): Promise<{ tool: Tool; answers: Answer[] }> {
  const tool = await demoTool(toolName);
  const answers: Answer[] = [];
  await render(<Asking tool={tool} trusted={trusted} answers={answers} />);
  await page.getByRole("button", { name: "Run tool" }).click();
  return { tool, answers };
}

const dialog = () => page.getByRole("alertdialog");

afterEach(() => window.localStorage.clear());

describe("ConfirmCall", () => {
  it("on an untrusted server: says why, shows the arguments, and offers no way out of asking", async () => {
    const { tool, answers } = await ask("get_weather", false);
    await expect.element(dialog()).toHaveTextContent("This tool reaches the outside world.");
    await expect.element(dialog()).toHaveTextContent("Demo server is not trusted, so what its tools say about themselves is not believed.");
    await expect.element(page.getByTestId("confirm-arguments")).toHaveTextContent('"city": "Lima"');
    expect(dialog().getByRole("checkbox").elements()).toHaveLength(0);
    await page.getByTestId("confirm-run").click();
    expect(answers).toEqual(["confirmed"]);
    await expect.poll(() => dialog().elements().length).toBe(0);
    // Nothing an untrusted server's tool did is skipped, whatever this browser kept.
    window.localStorage.setItem("toolscope.skip-confirm.demo/get_weather", "1");
    expect(confirmationSkipped("demo", false, tool)).toBe(false);
  });

  it("on a trusted server: only a tool that declares itself destructive asks, until 'don't ask again' for it", async () => {
    // Believed: an open-world tool, and one that says nothing of itself, run without asking.
    expect(confirmationSkipped("demo", true, await demoTool("get_weather"))).toBe(true);
    expect(confirmationSkipped("demo", true, await demoTool("echo"))).toBe(true);

    const { tool, answers } = await ask("delete_note", true);
    await expect.element(dialog()).toHaveTextContent("This tool may destroy data.");
    await expect.element(dialog()).not.toHaveTextContent("not believed");
    const dontAsk = page.getByRole("checkbox", { name: "Don't ask again for this tool on Demo server (a trusted server) in this browser" });
    await expect.element(dontAsk).not.toBeChecked();
    await page.getByTestId("confirm-cancel").click();
    expect(answers).toEqual(["cancelled"]);
    // Cancelled with the box unticked: nothing kept.
    expect(confirmationSkipped("demo", true, tool)).toBe(false);

    await page.getByRole("button", { name: "Run tool" }).click();
    await dontAsk.click();
    await page.getByTestId("confirm-run").click();
    expect(answers).toEqual(["cancelled", "confirmed"]);
    expect(confirmationSkipped("demo", true, tool)).toBe(true);
    // Kept for a trusted server only: were the server untrusted now, it would ask again.
    expect(confirmationSkipped("demo", false, tool)).toBe(false);
  });

  it("names a destructive tool's risk, and the spec's default when the tool declares nothing", async () => {
    expect(confirmationReason(await demoTool("delete_note"))).toBe("This tool may destroy data.");
    expect(confirmationReason(await demoTool("echo"))).toBe(
      "This tool may destroy data (the spec's default: it does not say otherwise) and may reach the outside world (the spec's default).",
    );
    expect(confirmationReason(await demoTool("get_json"))).toBeNull();
  });

  it("by keyboard: Run has the focus, Tab stays in the question, Escape cancels and gives focus back", async () => {
    const tool = await demoTool("get_weather");
    const answers: Answer[] = [];
    await render(<Asking tool={tool} trusted={false} answers={answers} />);
    const runTool = page.getByRole("button", { name: "Run tool" });
    (runTool.element() as HTMLElement).focus();
    await userEvent.keyboard("{Enter}");
    await expect.element(page.getByTestId("confirm-run")).toHaveFocus();
    // The page behind is out of reach: however often Tab is pressed, focus stays in the question.
    for (let i = 0; i < 6; i++) {
      await userEvent.keyboard("{Tab}");
      expect(dialog().element().contains(document.activeElement)).toBe(true);
    }
    await userEvent.keyboard("{Escape}");
    await expect.poll(() => dialog().elements().length).toBe(0);
    expect(answers).toEqual(["cancelled"]);
    await expect.element(runTool).toHaveFocus();
  });
});
