// oneOf/anyOf variants in the form: only the picked variant's errors, in plain words, and a
// variant's const discriminator shown read-only and sent. Uses the demo server's
// configure_alert (a oneOf of $ref'd channels told apart by a `kind` const).
import { expect, test } from "./test";
import { Workbench } from "./pages/workbench";

test("a picked oneOf variant shows only its own errors, in plain words", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("configure_alert");
  const panel = page.getByTestId("tool-panel");
  await bench.field("metric").selectOption("cpu");
  await panel.getByLabel("threshold: kind of value").selectOption({ label: "Percentage" });
  await bench.field("Percentage").fill("ninety");
  await panel.getByLabel("channel: kind of value").selectOption({ label: "Webhook" });
  await bench.field("url").fill("not a url");
  await bench.runButton.click();

  const list = panel.locator(".rjsf-theme .panel.errors li");
  await expect(list).toHaveText([
    "Percentage must match the pattern ^[0-9]+%$",
    "channel › url must be a full URL, such as https://example.com/page",
  ]);
  await expect(panel.locator(".rjsf-theme .error-detail")).toHaveText([
    "Percentage must match the pattern ^[0-9]+%$",
    "url must be a full URL, such as https://example.com/page",
  ]);
  // Nothing of the variants not picked (Email's "to", SMS's "phone") nor Ajv's "must match exactly one schema".
  await expect(panel.locator("form.rjsf-theme")).not.toContainText(
    /must have required property|exactly one schema|in anyOf|\bto is required|phone/,
  );
  await expect(bench.result).toHaveCount(0);

  await bench.field("Percentage").fill("90%");
  await bench.field("url").fill("https://hooks.example.com/x");
  await bench.run();
  await expect(bench.result).toHaveAttribute("data-status", "ok");
});

test("a variant's const discriminator is read-only, shows its value, and is sent", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("configure_alert");
  const panel = page.getByTestId("tool-panel");
  await bench.field("metric").selectOption("memory");
  await bench.field("Absolute value").fill("80");
  await panel.getByLabel("channel: kind of value").selectOption({ label: "SMS" });
  const kind = bench.field("kind");
  await expect(kind).toHaveValue("sms");
  await expect(kind).not.toBeEditable();
  await bench.field("phone").fill("+4712345678");
  await bench.run();
  await expect(bench.result).toHaveAttribute("data-status", "ok");
  await expect(bench.result).toContainText('"kind": "sms"');
});
