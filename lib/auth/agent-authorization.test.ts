import { describe, expect, it } from "vitest";
import { agentAuthorization } from "./agent-authorization";

describe("the sign-in page's way back to an agent's authorization", () => {
  it("returns to the authorization endpoint with the request's own parameters, not the signature's", () => {
    const back = agentAuthorization({
      response_type: "code",
      client_id: "abc",
      redirect_uri: "http://127.0.0.1:9/cb",
      scope: "call offline_access",
      resource: "http://127.0.0.1:3000/mcp",
      exp: "1",
      ba_iat: "2",
      ba_param: ["client_id", "scope"],
      sig: "xyz",
      next: "/elsewhere",
      prompt: ["consent", "login"],
    });
    const url = new URL(back!, "http://toolscope.invalid");
    expect(url.pathname).toBe("/api/auth/oauth2/authorize");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: "abc",
      scope: "call offline_access",
      redirect_uri: "http://127.0.0.1:9/cb",
    });
    for (const name of ["sig", "exp", "ba_iat", "ba_param", "next"]) expect(url.searchParams.has(name)).toBe(false);
    // A repeated parameter stays repeated.
    expect(url.searchParams.getAll("prompt")).toEqual(["consent", "login"]);
  });

  it("is no agent's authorization without the signed request's parts", () => {
    expect(agentAuthorization({ next: "/servers" })).toBeNull();
    expect(agentAuthorization({ client_id: "abc", redirect_uri: "http://x/cb" })).toBeNull();
  });
});
