// Page object for a server's Protocol tab: the JSON-RPC messages of the connection, live.
import { type Locator, type Page } from "@playwright/test";

export class ProtocolPage {
  readonly messages: Locator;
  readonly methodFilter: Locator;
  readonly directionFilter: Locator;

  constructor(readonly page: Page) {
    this.messages = page.getByTestId("protocol-message");
    this.methodFilter = page.getByTestId("protocol-method-filter");
    this.directionFilter = page.getByTestId("protocol-direction-filter");
  }

  /** The messages of one method sent one way, newest last. */
  of(method: string, direction: "in" | "out"): Locator {
    return this.page.locator(`[data-testid=protocol-message][data-method="${method}"][data-direction="${direction}"]`);
  }

  /** Opens a message on its JSON. */
  async open(message: Locator): Promise<Locator> {
    await message.getByRole("button").first().click();
    return message.getByTestId("protocol-json");
  }
}
