// A server's skills (SEP-2640), as a person finds them: the Skills tab lists the demo server's
// skill with its files, sizes and digest; its SKILL.md is read (verified against the entry, and
// recorded in the audit log as a resource read) and shown as text; a file downloads as a file.
import fs from "node:fs";
import { expect, test } from "./test";
import { ServerFeatures } from "./pages/server-features";

const SKILL = "skill://demo/weather-briefing/SKILL.md";

test("skills: listed with their files, SKILL.md read and verified, a file downloaded", async ({ page, request }) => {
  const features = new ServerFeatures(page);
  await page.goto("/servers/demo");
  await page.getByRole("navigation", { name: "Server" }).getByRole("link", { name: "Skills" }).click();
  await expect(page.getByTestId("skill-row")).toHaveCount(1);
  await expect(page.getByRole("navigation", { name: "Server" }).getByRole("link", { name: "Skills" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  const panel = features.skillPanel;
  await expect(panel.getByRole("heading", { name: "weather-briefing" })).toBeVisible();
  await expect(panel.getByTestId("skill-facts")).toContainText(/4 files · \d+(\.\d)? (B|KB) · SKILL\.md sha256:[0-9a-f]{64}/);
  await expect(panel.getByTestId("skill-file")).toHaveText([
    /^SKILL\.md/,
    /^references\/CITIES\.md/,
    /^references\/STYLE\.md/,
    /^templates\/briefing\.txt/,
  ]);
  await expect(panel.getByTestId("skill-problems")).toHaveCount(0);

  await features.readSkillMd();
  const md = panel.getByTestId("skill-md");
  await expect(md.getByLabel("Frontmatter")).toContainText("name: weather-briefing");
  await expect(md.getByRole("heading", { name: "Weather briefing" })).toBeVisible();
  // Rendered as text, never as HTML: the body's code spans are code, not markup.
  await expect(md.locator("code").first()).toHaveText("get_weather");
  await expect(panel).toContainText("digest and frontmatter match");

  const downloading = page.waitForEvent("download");
  await panel.getByRole("link", { name: "Download references/STYLE.md" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("STYLE.md");
  expect(fs.readFileSync(await download.path(), "utf8")).toContain("# House style");

  // Both reads are in the audit log, as reads of the skill's resources.
  const audit = await request.get(`/api/audit?kind=resource_read&tool=${encodeURIComponent(SKILL)}`);
  expect(audit.ok(), await audit.text()).toBe(true);
  const { records } = (await audit.json()) as { records: { tool_name: string; outcome: string }[] };
  expect(records.some((record) => record.tool_name === SKILL && record.outcome === "ok")).toBe(true);
});
