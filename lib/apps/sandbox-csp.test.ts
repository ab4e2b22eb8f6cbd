import { describe, expect, it } from "vitest";
import { appContentSecurityPolicy } from "./sandbox-csp";

describe("an MCP App's CSP", () => {
  it("allows no network when nothing is declared", () => {
    const { policy } = appContentSecurityPolicy(undefined);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("connect-src 'none'");
    expect(policy).toContain("frame-src 'none'");
    expect(policy).toMatch(/script-src 'unsafe-inline';/);
  });

  it("adds the declared domains to their directives, and drops what is not a source", () => {
    const { policy, dropped } = appContentSecurityPolicy({
      resourceDomains: ["https://cdn.example.com", "https://*.example.org"],
      connectDomains: ["wss://live.example.com"],
      frameDomains: ["https://player.example.com; script-src *", "*", "'unsafe-eval'"],
    });
    expect(policy).toContain("script-src 'unsafe-inline' https://cdn.example.com https://*.example.org");
    expect(policy).toContain("connect-src wss://live.example.com");
    expect(policy).toContain("frame-src 'none'");
    expect(dropped).toEqual(["https://player.example.com; script-src *", "*", "'unsafe-eval'"]);
  });

  it("never lets an app name Toolscope's own origins, or every host of a top-level domain", () => {
    const { policy, dropped } = appContentSecurityPolicy(
      { connectDomains: ["http://127.0.0.1:3000", "https://*.com", "https://api.example.com"] },
      ["http://127.0.0.1:3000"],
    );
    expect(policy).toContain("connect-src https://api.example.com");
    expect(dropped).toEqual(["http://127.0.0.1:3000", "https://*.com"]);
  });
});
