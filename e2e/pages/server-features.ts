// Page object for a server's Resources, Prompts and Skills pages.
import { expect } from "../test";
import { type Locator, type Page } from "@playwright/test";

export class ServerFeatures {
  readonly readPanel: Locator;
  readonly promptPanel: Locator;
  readonly skillPanel: Locator;

  constructor(readonly page: Page) {
    this.readPanel = page.getByTestId("resource-read");
    this.promptPanel = page.getByTestId("prompt-panel");
    this.skillPanel = page.getByTestId("skill-panel");
  }

  async openSkills(serverId = "demo"): Promise<void> {
    await this.page.goto(`/servers/${serverId}/skills`);
    await expect(this.page.getByTestId("skill-row").first()).toBeVisible();
  }

  /** Reads the picked skill's SKILL.md, verified, and waits for it on the page. */
  async readSkillMd(): Promise<void> {
    await this.skillPanel.getByRole("button", { name: "Read SKILL.md" }).click();
    await expect(this.skillPanel.getByTestId("skill-md")).toBeVisible();
  }

  async openResources(serverId = "demo"): Promise<void> {
    await this.page.goto(`/servers/${serverId}/resources`);
    await expect(this.page.getByTestId("resource-row").first()).toBeVisible();
  }

  async openPrompts(serverId = "demo"): Promise<void> {
    await this.page.goto(`/servers/${serverId}/prompts`);
    await expect(this.page.getByTestId("prompt-row").first()).toBeVisible();
  }

  resource(uri: string): Locator {
    return this.page.locator(`[data-testid=resource-row][data-uri="${uri}"]`);
  }

  async read(uri: string): Promise<void> {
    await this.resource(uri)
      .getByRole("button", { name: /^Read / })
      .click();
    await expect(this.readPanel.getByTestId("feature-answer")).toBeVisible();
  }

  template(uriTemplate: string): Locator {
    return this.page.locator(`[data-testid=template-row][data-template="${uriTemplate}"]`);
  }

  /** The picked prompt's field for one argument (a line or several lines). */
  argument(name: string): Locator {
    return this.promptPanel.locator(`[data-testid=prompt-argument][data-argument="${name}"]`).locator("input, textarea");
  }

  prompt(title: string): Locator {
    return this.page.getByTestId("prompt-row").filter({ hasText: title });
  }
}
