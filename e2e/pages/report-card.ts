// Page object for a server's Report card tab: the grade, the findings by rule, and the tool
// definitions waiting for approval.
import { expect } from "../test";
import { type Locator, type Page } from "@playwright/test";

export class ReportCardPage {
  readonly summary: Locator;
  readonly definitions: Locator;
  readonly refresh: Locator;

  constructor(readonly page: Page) {
    this.summary = page.getByTestId("report-summary");
    this.definitions = page.getByTestId("definition-changes");
    this.refresh = page.getByRole("button", { name: "Refresh the report card" });
  }

  async open(serverId: string): Promise<void> {
    await this.page.goto(`/servers/${serverId}/report`);
    await expect(this.summary).toBeVisible({ timeout: 20_000 });
    await expect(this.definitions).toBeVisible();
  }

  rule(id: string): Locator {
    return this.page.locator(`[data-testid=rule-findings][data-rule="${id}"]`);
  }

  finding(rule: string, tool: string): Locator {
    return this.rule(rule).locator(`[data-testid=finding][data-tool="${tool}"]`);
  }

  severityToggle(label: RegExp): Locator {
    return this.page.getByRole("group", { name: "Show findings of severity" }).getByRole("button", { name: label });
  }

  pending(tool: string): Locator {
    return this.definitions.locator(`[data-testid=pending-definition][data-tool="${tool}"]`);
  }
}
