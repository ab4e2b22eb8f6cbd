// A tool's behaviour badges, drawn from the demo server's real definitions: a hint the server
// declared apart from one the spec implies, and every hint of an untrusted server marked
// unverified. (These were browser tests of the whole catalog, e2e/catalog.spec.ts.)
import { describe, expect, it } from "vitest";
import { render } from "vitest-browser-react";
import { demoTool } from "@/components/invoke/testing/demo-fixtures";
import { HintBadges } from "./hint-badges";

async function badges(toolName: string, trusted: boolean) {
  return render(
    <main>
      <HintBadges tool={await demoTool(toolName)} trusted={trusted} />
    </main>,
  );
}

describe("HintBadges", () => {
  it("tell explicit hints from implied ones", async () => {
    // echo declares nothing: the spec's defaults (destructive, open-world) are implied.
    const echo = await badges("echo", true);
    await expect.element(echo.getByTestId("badge-destructive")).toHaveAttribute("data-implied", "true");
    await expect.element(echo.getByTestId("badge-open-world")).toHaveAttribute("data-implied", "true");
    echo.unmount();

    const deleteNote = await badges("delete_note", true);
    await expect.element(deleteNote.getByTestId("badge-destructive")).not.toHaveAttribute("data-implied");
    await expect.element(deleteNote.getByTestId("badge-idempotent")).toBeVisible();
    deleteNote.unmount();

    const weather = await badges("get_weather", true);
    await expect.element(weather.getByTestId("badge-read-only")).toBeVisible();
    await expect.element(weather.getByTestId("badge-output-schema")).toBeVisible();
    // A trusted server's hints carry no unverified marker.
    expect(weather.getByTestId("unverified-marker").elements()).toHaveLength(0);
  });

  it("mark every hint of an untrusted server unverified", async () => {
    const echo = await badges("echo", false);
    await expect.element(echo.getByTestId("badge-destructive")).toHaveAttribute("data-unverified", "true");
    echo.unmount();
    const weather = await badges("get_weather", false);
    await expect.element(weather.getByTestId("unverified-marker").first()).toBeVisible();
  });
});
