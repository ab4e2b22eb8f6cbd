import { describe, expect, it } from "vitest";
import { maskBody, maskHeaders, maskUrl, maskValue } from "./mask";

const TOKEN = "eyJhbGciOiJSUzI1NiJ9.payload-of-a-token.signature";

describe("masking OAuth secrets for the journal", () => {
  it("keeps a hint of a value, never the value", () => {
    expect(maskValue(TOKEN)).toBe(`eyJh•••• (${TOKEN.length} chars)`);
    expect(maskValue("short")).toBe("••••");
  });

  it("masks secrets in form bodies and keeps the rest readable", () => {
    const body = new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: TOKEN,
      client_id: "abc",
      client_secret: "s3cret-value",
    });
    const masked = maskBody(body.toString(), "application/x-www-form-urlencoded");
    expect(masked).toContain("grant_type=refresh_token");
    expect(masked).toContain("client_id=abc");
    expect(masked).not.toContain(TOKEN);
    expect(masked).not.toContain("s3cret-value");
  });

  it("masks secrets at any depth of a JSON body", () => {
    const json = JSON.stringify({ access_token: TOKEN, token_type: "Bearer", nested: [{ client_secret: "another-secret" }] });
    const masked = maskBody(json, "application/json");
    expect(masked).toContain('"token_type": "Bearer"');
    expect(masked).not.toContain(TOKEN);
    expect(masked).not.toContain("another-secret");
  });

  it("masks the Authorization header and codes in a Location, and drops cookies", () => {
    const headers = new Headers({
      authorization: `Bearer ${TOKEN}`,
      cookie: "session=abc",
      location: `http://127.0.0.1:3000/oauth/callback?code=the-authorization-code&state=xyz`,
      "www-authenticate": 'Bearer scope="mcp:read"',
    });
    const masked = maskHeaders(headers);
    expect(masked.authorization).toMatch(/^Bearer eyJh••••/);
    expect(masked.cookie).toBeUndefined();
    expect(masked.location).not.toContain("the-authorization-code");
    expect(masked.location).toContain("oauth/callback?code=");
    expect(masked["www-authenticate"]).toBe('Bearer scope="mcp:read"');
    expect(maskUrl("https://as.example/token?code_verifier=verifier-value-123")).not.toContain("verifier-value-123");
  });

  it("masks secrets in text that does not parse: JSON cut short, plain text, a query", () => {
    const cut = `{"access_token": "${TOKEN}", "refresh_token": "refresh-token-value", "scope": "mcp:read"`;
    const masked = maskBody(cut, "application/json");
    expect(masked).not.toContain(TOKEN);
    expect(masked).not.toContain("refresh-token-value");
    expect(masked).toContain('"scope": "mcp:read"');
    const plain = maskBody(`access_token=${TOKEN}&token_type=bearer&state=the-state-value`, "text/plain");
    expect(plain).not.toContain(TOKEN);
    expect(plain).not.toContain("the-state-value");
    expect(plain).toContain("token_type=bearer");
    expect(maskUrl("https://as.example/authorize?client_id=c&state=the-state-value")).not.toContain("the-state-value");
  });

  it("leaves out bodies it cannot read rather than show them", () => {
    expect(maskBody("\u0000\u0001binary", "application/octet-stream")).toBe("(8 bytes of application/octet-stream)");
  });
});
