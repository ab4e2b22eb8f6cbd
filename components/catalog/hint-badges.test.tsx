// A tool's behaviour badges, drawn from the demo server's real definitions: a hint the server
// declared apart from one the spec implies, and every hint of an untrusted server marked
// unverified, a declared hint drawn solid and an implied one dashed. (These were browser tests of
// the whole catalog, e2e/catalog.spec.ts and e2e/catalog-more.spec.ts.)
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
    await echo.unmount();

    const deleteNote = await badges("delete_note", true);
    await expect.element(deleteNote.getByTestId("badge-destructive")).not.toHaveAttribute("data-implied");
    await expect.element(deleteNote.getByTestId("badge-idempotent")).toBeVisible();
    await deleteNote.unmount();

    const weather = await badges("get_weather", true);
    await expect.element(weather.getByTestId("badge-read-only")).toBeVisible();
    await expect.element(weather.getByTestId("badge-output-schema")).toBeVisible();
    // A trusted server's hints carry no unverified marker.
    expect(weather.getByTestId("unverified-marker").elements()).toHaveLength(0);
  });

  it("mark every hint of an untrusted server unverified", async () => {
    const echo = await badges("echo", false);
    await expect.element(echo.getByTestId("badge-destructive")).toHaveAttribute("data-unverified", "true");
    await echo.unmount();
    const weather = await badges("get_weather", false);
    await expect.element(weather.getByTestId("unverified-marker").first()).toBeVisible();
  });

  it("draw a declared hint solid and an implied one dashed, each titled with where it comes from", async () => {
    // get_weather declares openWorldHint: true; echo declares nothing, so the spec's default applies.
    const weather = await badges("get_weather", true);
    const declared = weather.getByTestId("badge-open-world");
    await expect.element(declared).toHaveAttribute("title", "Open world: declared by the server");
    expect(getComputedStyle(declared.element()).borderTopStyle).toBe("solid");
    await weather.unmount();
    const echo = await badges("echo", true);
    const implied = echo.getByTestId("badge-open-world");
    await expect.element(implied).toHaveAttribute("title", expect.stringMatching(/implied by the spec's default/));
    expect(getComputedStyle(implied.element()).borderTopStyle).toBe("dashed");
  });
});
