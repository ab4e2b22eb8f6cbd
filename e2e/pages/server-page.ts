// Page object for a server's own page (/servers/{id}): its overview, the failure panel of a
// server that could not connect, its stderr and the admin-only panels.
import { expect } from "../test";
import { type Locator, type Page } from "@playwright/test";

export class ServerPage {
  readonly overview: Locator;
  readonly failure: Locator;
  readonly failureError: Locator;
  readonly retry: Locator;
  readonly edit: Locator;
  readonly stderrLines: Locator;
  readonly toolPolicy: Locator;
  readonly stderrPanel: Locator;

  constructor(readonly page: Page) {
    this.overview = page.getByTestId("server-overview");
    this.failure = page.getByRole("region", { name: /Could not connect|Connecting again/ });
    this.failureError = page.getByTestId("failure-error");
    this.retry = page.getByRole("button", { name: /^Retry/ });
    this.edit = this.failure.getByRole("link", { name: "Edit" });
    this.stderrLines = page.getByTestId("stderr-lines");
    this.toolPolicy = page.getByTestId("tool-policy-panel");
    this.stderrPanel = page.getByTestId("stderr-panel");
  }

  async open(serverId: string): Promise<void> {
    await this.page.goto(`/servers/${encodeURIComponent(serverId)}`);
    await expect(this.overview).toBeVisible();
  }

  /** Unfolds an admin-only panel by its title (the fold's button). */
  async unfold(panel: Locator): Promise<void> {
    const trigger = panel.getByRole("button").first();
    await trigger.click();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
  }

  /** Saves the tool policy and waits until the server has it: the button is disabled while saving too. */
  async savePolicy(): Promise<void> {
    await this.toolPolicy.getByTestId("policy-save").click();
    await expect(this.toolPolicy.getByRole("status")).toHaveText("Policy saved.");
    await expect(this.toolPolicy.getByTestId("policy-save")).toBeDisabled();
  }
}
