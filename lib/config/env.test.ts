// Start-up checks of the settings that guard the way in: a bootstrap token too short to be
// safe, and a trusted-proxy list that does not parse, stop Toolscope with a message naming them.
import { describe, expect, it } from "vitest";
import { configFrom } from "./env";

describe("configFrom", () => {
  it("refuses a TOOLSCOPE_API_TOKEN shorter than 16 characters, saying so", () => {
    for (const token of ["x", "short-token", "fifteen-chars!!", "  padded-15ch   "]) {
      expect(() => configFrom({ TOOLSCOPE_API_TOKEN: token })).toThrow(/TOOLSCOPE_API_TOKEN must be at least 16 characters/);
    }
    expect(() => configFrom({ TOOLSCOPE_API_TOKEN: "sixteen-chars-ok" })).not.toThrow();
    // Unset (or empty, as `TOOLSCOPE_API_TOKEN=` leaves it) is local or accounts mode, not a short token.
    expect(() => configFrom({ TOOLSCOPE_API_TOKEN: "" })).not.toThrow();
    expect(() => configFrom({})).not.toThrow();
  });

  it("takes a variable set to nothing as not set: PORT= serves on 3000, not on a random port", () => {
    expect(configFrom({ PORT: "", TOOLSCOPE_PORT: "" }).publicUrl).toBe("http://127.0.0.1:3000");
    expect(configFrom({ PORT: "4000", TOOLSCOPE_PORT: "" }).publicUrl).toBe("http://127.0.0.1:4000");
  });

  it("reads the trusted proxies and the client address header, and refuses what does not parse", () => {
    expect(configFrom({}).clientAddress).toEqual({ trustedProxies: [], header: "x-forwarded-for" });
    expect(
      configFrom({ TOOLSCOPE_TRUSTED_PROXIES: "10.0.0.0/8, loopback", TOOLSCOPE_CLIENT_IP_HEADER: "X-Real-IP" }).clientAddress,
    ).toEqual({
      trustedProxies: ["10.0.0.0/8", "loopback"],
      header: "X-Real-IP",
    });
    expect(() => configFrom({ TOOLSCOPE_TRUSTED_PROXIES: "10.0.0.0/99" })).toThrow(/TOOLSCOPE_TRUSTED_PROXIES/);
    expect(() => configFrom({ TOOLSCOPE_TRUSTED_PROXIES: "proxy.example.com" })).toThrow(/TOOLSCOPE_TRUSTED_PROXIES/);
    expect(() => configFrom({ TOOLSCOPE_CLIENT_IP_HEADER: "x forwarded" })).toThrow(/TOOLSCOPE_CLIENT_IP_HEADER/);
  });
});
