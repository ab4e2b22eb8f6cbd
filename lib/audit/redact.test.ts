import { describe, expect, it } from "vitest";
import { REDACTED, redactArguments, redactMeta } from "./redact";

describe("redactArguments", () => {
  it("redacts writeOnly and format: password values, keeping the rest", () => {
    const schema = {
      type: "object",
      properties: {
        username: { type: "string" },
        password: { type: "string", writeOnly: true },
        otp: { type: "string", format: "password" },
      },
    };
    expect(redactArguments({ username: "ada", password: "hunter22", otp: "123456" }, schema)).toEqual({
      username: "ada",
      password: REDACTED,
      otp: REDACTED,
    });
  });

  it("follows $ref, oneOf variants and arrays", () => {
    const schema = {
      type: "object",
      $defs: { hook: { type: "object", properties: { url: { type: "string" }, signingKey: { type: "string", writeOnly: true } } } },
      properties: {
        channel: { oneOf: [{ $ref: "#/$defs/hook" }, { type: "object" }] },
        hooks: { type: "array", items: { $ref: "#/$defs/hook" } },
      },
    };
    const out = redactArguments({ channel: { url: "u", signingKey: "k1" }, hooks: [{ url: "a", signingKey: "k2" }] }, schema);
    expect(out).toEqual({ channel: { url: "u", signingKey: REDACTED }, hooks: [{ url: "a", signingKey: REDACTED }] });
  });

  it("redacts keys that look like secrets even without a schema", () => {
    expect(
      redactArguments(
        { api_key: "abc", Authorization: "Bearer x", apiToken: "t", note: "keep", nested: { client_secret: "s" } },
        undefined,
      ),
    ).toEqual({
      api_key: REDACTED,
      Authorization: REDACTED,
      apiToken: REDACTED,
      note: "keep",
      nested: { client_secret: REDACTED },
    });
  });

  it("leaves non-object arguments alone", () => {
    expect(redactArguments(null, {})).toBeNull();
    expect(redactArguments([1, 2], {})).toEqual([1, 2]);
  });
});

describe("configured key patterns", () => {
  it("redacts keys matching TOOLSCOPE_AUDIT_REDACT_KEYS as well as the built-in ones", () => {
    const args = { ssn: "123-45-6789", note: "ok", apiKey: "k", session_id: "s" };
    expect(redactArguments(args, {}, /^ssn$/i)).toEqual({ ssn: REDACTED, note: "ok", apiKey: REDACTED, session_id: REDACTED });
    expect(redactArguments(args, {})).toMatchObject({ ssn: "123-45-6789" });
  });
});

describe("redactMeta", () => {
  it("redacts a request _meta's secret-looking keys and keeps its progressToken", () => {
    const meta = { progressToken: "p-1", authorization: "Bearer abc", "com.example/api_key": "k", "com.example/trace": "t-1" };
    expect(redactMeta(meta)).toEqual({
      progressToken: "p-1",
      authorization: REDACTED,
      "com.example/api_key": REDACTED,
      "com.example/trace": "t-1",
    });
    expect(redactMeta({ ssn: "123-45-6789" }, /^ssn$/i)).toEqual({ ssn: REDACTED });
  });
});
