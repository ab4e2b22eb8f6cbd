// Page object for the tool workbench: the catalog on the left, a tool's form and result on the right.
import { expect } from "../test";
import { type Locator, type Page } from "@playwright/test";

export class Workbench {
  readonly filter: Locator;
  readonly items: Locator;
  readonly count: Locator;
  readonly runButton: Locator;
  readonly result: Locator;

  constructor(readonly page: Page) {
    this.filter = page.getByTestId("catalog-filter");
    this.items = page.getByTestId("catalog-item");
    this.count = page.getByTestId("catalog-count");
    this.runButton = page.getByTestId("run-button");
    this.result = page.getByTestId("result-panel");
  }

  item(toolName: string): Locator {
    return this.page.locator(`[data-testid=catalog-item][data-tool-name="${toolName}"]`);
  }

  async open(serverId = "demo"): Promise<void> {
    await this.page.goto(`/servers/${serverId}`);
    await expect(this.items.first()).toBeVisible();
  }

  async openTool(toolName: string, serverId = "demo"): Promise<void> {
    await this.page.goto(`/servers/${serverId}/tools/${toolName}`);
    await expect(this.page.getByTestId("tool-panel")).toBeVisible();
  }

  /** A form field by its label (RJSF appends "*" to required ones). */
  field(label: string): Locator {
    const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return this.page.getByTestId("tool-panel").getByLabel(new RegExp(`^${escaped}\\*?$`));
  }

  /** Runs the tool once per value, with that value in the field (a history of calls). */
  async runWithEach(label: string, values: string[]): Promise<void> {
    for (const value of values) {
      await this.field(label).fill(value);
      await this.run();
    }
  }

  /** Runs the tool; confirms the call when Toolscope asks (destructive or open-world tools). */
  async run(): Promise<void> {
    await this.runButton.click();
    const confirm = this.page.getByTestId("confirm-dialog");
    await expect(this.result.or(confirm).or(this.page.getByTestId("progress")).first()).toBeVisible();
    if (await confirm.isVisible()) await this.page.getByTestId("confirm-run").click();
    await expect(this.result).toBeVisible();
  }

  async auditId(): Promise<string> {
    const text = await this.page.getByTestId("result-audit-id").textContent();
    const id = /audit (\S+)/.exec(text ?? "")?.[1];
    if (!id) throw new Error(`no audit id in "${text}"`);
    return id;
  }
}
