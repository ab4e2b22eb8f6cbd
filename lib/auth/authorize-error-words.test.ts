import { describe, expect, it } from "vitest";
import { authorizeErrorWords, isKnownAuthorizeError } from "./authorize-error-words";

describe("the authorization error page's words (issue 43)", () => {
  it("says Toolscope's own words for a known code, and names the code", () => {
    expect(authorizeErrorWords("invalid_client")).toEqual({
      code: "invalid_client",
      words: expect.stringContaining("does not know this agent"),
    });
    expect(isKnownAuthorizeError("access_denied")).toBe(true);
  });

  it("says nothing of its own for an unknown or made-up code", () => {
    for (const code of [undefined, "", "Your account is locked. Call +1 555 0100", "__proto__", "constructor", "toString"])
      expect(authorizeErrorWords(code)).toEqual({ code: null, words: "The request was refused." });
    expect(isKnownAuthorizeError("__proto__")).toBe(false);
  });
});
