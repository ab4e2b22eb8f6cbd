// Page object for the consent page an agent's OAuth authorization brings a person to.
import { expect } from "../test";
import { type Locator, type Page } from "@playwright/test";

export class ConsentPage {
  readonly panel: Locator;
  readonly allow: Locator;
  readonly deny: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId("consent");
    this.allow = page.getByRole("button", { name: "Allow", exact: true });
    this.deny = page.getByRole("button", { name: "Deny", exact: true });
  }

  async expectAsked(agentName: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/oauth\/consent\?/);
    await expect(this.page.getByRole("heading", { name: `Let ${agentName} act as you?`, level: 1 })).toBeVisible();
  }
}
