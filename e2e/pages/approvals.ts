// Page object for the Approvals page: the agents' calls waiting for a person, and what was decided.
import { expect } from "../test";
import { type Locator, type Page } from "@playwright/test";

export class ApprovalsPage {
  readonly waiting: Locator;
  readonly decided: Locator;

  constructor(readonly page: Page) {
    this.waiting = page.getByTestId("approval-card");
    this.decided = page.getByTestId("approval-decided");
  }

  async open(): Promise<void> {
    await this.page.goto("/approvals");
    await expect(this.page.getByRole("heading", { name: "Approvals", level: 1 })).toBeVisible();
  }

  /** The waiting card of the call whose arguments mention `marker`. */
  card(marker: string): Locator {
    return this.waiting.filter({ hasText: marker });
  }

  async approve(marker: string): Promise<void> {
    await this.card(marker).getByRole("button", { name: "Approve", exact: true }).click();
  }

  async deny(marker: string, reason: string): Promise<void> {
    const card = this.card(marker);
    await card.getByRole("button", { name: "Deny…" }).click();
    await card.getByLabel(/Why not\?/).fill(reason);
    await card.getByRole("button", { name: "Deny", exact: true }).click();
  }

  async editAndApprove(marker: string, field: string, value: string): Promise<void> {
    // Once edited, the marker is in an input's value, no longer the card's text: hold on to its id.
    const id = await this.card(marker).getAttribute("data-approval-id");
    const card = this.page.locator(`[data-testid=approval-card][data-approval-id="${id}"]`);
    await card.getByRole("button", { name: "Edit arguments…" }).click();
    const input = card.getByRole("textbox", { name: field });
    await input.fill(value);
    await card.getByRole("button", { name: "Approve with these arguments" }).click();
  }
}
