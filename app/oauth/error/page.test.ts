// The authorization error page as the server renders it, for a link anyone could have made
// (issue 43): Toolscope's own words, never the query's text.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import AuthorizeErrorPage from "./page";

const PHISHING = "Your account is locked. Call +1 555 0100 to unlock it.";

const rendered = async (search: Record<string, string>): Promise<string> =>
  renderToStaticMarkup(await AuthorizeErrorPage({ searchParams: Promise.resolve(search) }));

describe("/oauth/error, linked to by anyone", () => {
  it("says Toolscope's words for a known code and never the description", async () => {
    const page = await rendered({ error: "access_denied", error_description: PHISHING });
    expect(page).toContain("The request was refused, so the agent was given no access.");
    expect(page).toContain("access_denied");
    expect(page).not.toContain("Your account is locked");
  });

  it("shows neither an unknown code nor a long or odd one", async () => {
    for (const error of [PHISHING, "x".repeat(5_000), "access_denied\nCall +1 555 0100", "ACCESS_DENIED", "made_up_code"]) {
      const page = await rendered({ error, error_description: PHISHING });
      expect(page).toContain(">The request was refused.<");
      expect(page).not.toContain("Call +1");
      expect(page).not.toContain(error.slice(0, 40));
    }
  });
});
