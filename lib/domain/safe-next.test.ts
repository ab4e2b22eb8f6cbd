import { describe, expect, it } from "vitest";
import { safeNextPath } from "./safe-next";

const SITE = "https://toolscope.example";

/** `next` as the login page receives it from a link's query string (decoded once, as Next does). */
function nextOf(query: string): string | null {
  return new URL(`/login?${query}`, SITE).searchParams.get("next");
}

describe("safeNextPath", () => {
  it.each([
    "next=/%5Cevil.example",
    "next=/%09/evil.example",
    "next=/%0a/evil.example",
    "next=/%0d/evil.example",
    "next=%2F%2Fevil.example",
    "next=//evil.example",
    "next=///evil.example",
    "next=/\\evil",
    "next=\\\\evil.example",
    "next=https://evil.example",
    "next=https:evil.example",
    "next=http%3A%2F%2Fevil.example",
    "next=/%2F%2Fevil",
    "next=/%2F/evil",
    "next=/%252F%252Fevil",
    "next=/%255Cevil",
    "next=/%25255C%25255Cevil",
    "next=/%2509/evil",
    "next=/%5C%5Cevil",
    "next=/.//evil.example",
    "next=/..//evil.example",
    "next=/%2e%2e//evil.example",
    "next=/a/../..//evil.example",
    "next=javascript:alert(1)",
    "next=/javascript:alert(1)%0a",
    "next=JaVaScRiPt:alert(1)",
    "next=data:text/html,hi",
    "next=%20/evil.example",
    "next=/%20/evil.example",
    "next=/%E2%80%AE/evil",
    "next=/%C2%A0/evil",
    "next=/%ZZ",
    "next=evil.example",
    "next=",
    "other=1",
  ])("sends %s home", (query) => {
    expect(safeNextPath(nextOf(query))).toBe("/");
  });

  it.each([
    ["next=/", "/"],
    ["next=/servers/demo", "/servers/demo"],
    ["next=%2Fservers%2Fdemo%2Ftools%2Fecho", "/servers/demo/tools/echo"],
    ["next=/audit%3Fq%3Dhello%2520world%26outcome%3Derror", "/audit?q=hello%20world&outcome=error"],
    ["next=/audit/diff?a=1%26b=2", "/audit/diff?a=1&b=2"],
    ["next=/servers/a/../demo", "/servers/demo"],
    ["next=/servers/demo%23tools", "/servers/demo#tools"],
  ])("keeps %s as %s", (query, expected) => {
    expect(safeNextPath(nextOf(query))).toBe(expected);
  });

  it("takes nothing but a string", () => {
    expect(safeNextPath(null)).toBe("/");
    expect(safeNextPath(undefined)).toBe("/");
  });

  it("answers only paths that a browser resolves on the same site", () => {
    const values = ["/a", "/a/./b", "/a?x=//evil", "/a#//evil", "/.//evil", "/%2e/%2fevil", "/a/%2F%2Fb", "/%2e%2e/%2e%2e/x"];
    for (const value of values) {
      const path = safeNextPath(value);
      expect(path.startsWith("/") && !path.startsWith("//")).toBe(true);
      expect(new URL(path, SITE).origin).toBe(SITE);
    }
  });
});
