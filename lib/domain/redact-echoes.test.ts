import { describe, expect, it } from "vitest";
import { MIN_SECRET_LENGTH, echoRedactor } from "./redact-echoes";

describe("echoRedactor", () => {
  it("replaces each secret in every string and key, longest first, and a number that spells one", () => {
    const echoes = echoRedactor(["hunter22", "hunter22-and-more", "123456"]);
    const answer = {
      content: [{ type: "text", text: "pw hunter22-and-more, then hunter22" }],
      structuredContent: { hunter22: { pin: 123456, count: 1234567, list: ["x hunter22 y"] } },
      _meta: { said: "123456789" },
    };
    expect(echoes.value(answer)).toEqual({
      content: [{ type: "text", text: "pw [redacted], then [redacted]" }],
      structuredContent: { "[redacted]": { pin: "[redacted]", count: 1234567, list: ["x [redacted] y"] } },
      _meta: { said: "[redacted]789" },
    });
    // The answer itself is left as it was.
    expect(answer.content[0]!.text).toContain("hunter22");
  });

  it("finds a secret as JSON text and as a URL carry it", () => {
    const secret = `a"b/c+d e`;
    const echoes = echoRedactor([secret]);
    expect(echoes.text(JSON.stringify({ echoed: secret }))).toBe(`{"echoed":"[redacted]"}`);
    expect(echoes.text(`https://x.example/?k=${encodeURIComponent(secret)}`)).toBe("https://x.example/?k=[redacted]");
  });

  it("leaves values shorter than the floor alone, and changes nothing without secrets", () => {
    expect(MIN_SECRET_LENGTH).toBe(6);
    const short = echoRedactor(["1234", "json", ""]);
    expect(short.active).toBe(false);
    const answer = { text: "1234 json" };
    expect(short.value(answer)).toBe(answer);
  });

  it("keeps a __proto__ key a key, and regex characters literal", () => {
    const echoes = echoRedactor(["a.b*c+d"]);
    const parsed = JSON.parse(`{"__proto__": {"polluted": "a.b*c+d"}, "x": "aXbbbcdd"}`) as object;
    const redacted = echoes.value(parsed) as Record<string, unknown>;
    expect(Object.getPrototypeOf(redacted)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(redacted, "__proto__")?.value).toEqual({ polluted: "[redacted]" });
    expect(redacted.x).toBe("aXbbbcdd");
  });
});
