import { describe, expect, it } from "vitest";
import { MAX_ARGUMENT_DEPTH } from "@/lib/domain/argument-depth";
import { REDACTED, redactArguments, redactConnectionStrings, redactMeta, redactSecretArguments, restoreUnedited } from "./redact";
import { describeServerTarget } from "./server-config";

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

  it.each([
    "pwd",
    "userPwd",
    "bearer",
    "bearerToken",
    "auth",
    "Auth",
    "AUTH",
    "basicAuth",
    "auth_header",
    "x-auth",
    "authHeader",
    "com.example/auth",
    "jwt",
    "idJwt",
    "otp",
    "OTPCode",
    "otp_code",
    "pin",
    "PIN",
    "userPin",
    "pin_code",
    "card-pin",
    "pin2",
    "passcode",
    "client_secret",
    "access_key",
    "accessKey",
    "AWS_ACCESS_KEY_ID",
    "refresh_token",
    "x-api-key",
    "credentials",
  ])("redacts the value under %s", (key) => {
    expect(redactArguments({ [key]: "s3cr3t" }, undefined)).toEqual({ [key]: REDACTED });
  });

  it.each(["author", "authority", "authored_by", "coAuthor", "pinned", "spinner", "mapping", "pinnedAt", "footprint", "option"])(
    "keeps the value under %s",
    (key) => {
      expect(redactArguments({ [key]: "Ada" }, undefined)).toEqual({ [key]: "Ada" });
    },
  );

  it("redacts every scalar under a secret key, in arrays and nested objects, and keeps their structure", () => {
    expect(
      redactArguments(
        { apiKeys: ["k1", "k2"], tokens: [7], auth: { type: "basic", password: "p" }, secrets: { OPENAI: "sk-1", list: ["a"] } },
        undefined,
      ),
    ).toEqual({
      apiKeys: [REDACTED, REDACTED],
      tokens: [REDACTED],
      auth: { type: REDACTED, password: REDACTED },
      secrets: { OPENAI: REDACTED, list: [REDACTED] },
    });
  });

  it("redacts the password of connection strings anywhere in a string value", () => {
    const args = {
      database: "postgres://user:hunter2@db/x",
      urls: ["mongodb+srv://u:p@h", "redis://:pw@host:6379/0"],
      note: "queue at amqp://guest:guest@host, cache at http://cache:8080/x",
      nested: { dsn: "mysql://root:p@ss:w0rd@127.0.0.1:3306/app?ssl=true" },
    };
    expect(redactArguments(args, undefined)).toEqual({
      database: "postgres://user:[redacted]@db/x",
      urls: ["mongodb+srv://u:[redacted]@h", "redis://:[redacted]@host:6379/0"],
      note: "queue at amqp://guest:[redacted]@host, cache at http://cache:8080/x",
      nested: { dsn: "mysql://root:[redacted]@127.0.0.1:3306/app?ssl=true" },
    });
    expect(redactMeta({ "com.example/upstream": "https://svc:t0k@api.example/v1" })).toEqual({
      "com.example/upstream": "https://svc:[redacted]@api.example/v1",
    });
  });

  it("redacts what lies deeper than calls may nest rather than store it unread", () => {
    let deep: unknown = { password: "p", note: "n" };
    for (let i = 0; i < 40; i++) deep = { a: deep };
    expect(JSON.stringify(redactArguments(deep, undefined))).toContain(`"password":"${REDACTED}","note":"n"`);
    let tooDeep: unknown = { note: "n" };
    for (let i = 0; i < MAX_ARGUMENT_DEPTH + 1; i++) tooDeep = { a: tooDeep };
    expect(JSON.stringify(redactArguments(tooDeep, undefined))).not.toContain('"note"');
  });

  it("leaves non-object arguments alone", () => {
    expect(redactArguments(null, {})).toBeNull();
    expect(redactArguments([1, 2], {})).toEqual([1, 2]);
  });
});

describe("redactConnectionStrings", () => {
  it("keeps URLs without a password and text without a URL", () => {
    for (const text of [
      "https://example.com:8443/path?q=a@b",
      "postgres://user@db/x",
      "ssh git@github.com",
      "mailto:ada@example.com",
      "a:b@c",
    ]) {
      expect(redactConnectionStrings(text)).toBe(text);
    }
  });

  it("scans a long string in linear time", () => {
    const text = `${"a".repeat(200_000)} postgres://u:p@h ${"b:".repeat(100_000)}`;
    const started = performance.now();
    expect(redactConnectionStrings(text)).toContain("postgres://u:[redacted]@h");
    expect(performance.now() - started).toBeLessThan(500);
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

describe("the secret values a redaction takes out", () => {
  it("are handed back from the same walk: schema secrets, secret keys, connection passwords, _meta", () => {
    const schema = {
      type: "object",
      properties: { password: { type: "string", format: "password" }, signing: { type: "object", writeOnly: true } },
    };
    const found = new Set<string>();
    const args = {
      password: "hunter22",
      signing: { key: "k-123456", rounds: 4 },
      apiKey: "sk-abcdef",
      pin: 123456,
      remember: true,
      dsn: "postgres://ada:s3cret-pw@db/x",
      note: "kept",
    };
    redactArguments(args, schema, undefined, found);
    redactMeta({ progressToken: "p-1", authorization: "Bearer tok-9", "com.example/trace": "t-1" }, undefined, found);
    expect([...found].sort()).toEqual(["123456", "4", "Bearer tok-9", "hunter22", "k-123456", "s3cret-pw", "sk-abcdef"]);
  });
});

describe("restoreUnedited", () => {
  const original = { host: "db", password: "hunter22", url: "postgres://ada:s3cret-pw@db/x", tags: ["a", { token: "tok-123456" }] };
  const shown = redactArguments(original, undefined) as typeof original;

  it("puts back what an editor left as shown, secrets included", () => {
    expect(shown.password).toBe(REDACTED);
    expect(restoreUnedited(shown, shown, original)).toEqual(original);
    expect(restoreUnedited({ ...shown, host: "replica" }, shown, original)).toEqual({ ...original, host: "replica" });
    expect(restoreUnedited({ ...shown, tags: ["b", { token: REDACTED }] }, shown, original)).toEqual({
      ...original,
      tags: ["b", { token: "tok-123456" }],
    });
  });

  it("keeps what an editor changed, a new secret included, and what they added", () => {
    expect(restoreUnedited({ ...shown, password: "new-one-99" }, shown, original)).toMatchObject({
      password: "new-one-99",
      url: original.url,
    });
    expect(restoreUnedited({ ...shown, extra: REDACTED }, shown, original)).toMatchObject({ extra: REDACTED });
  });
});

describe("redactSecretArguments", () => {
  it("hides the values of secret-looking options, in each spelling, and keeps their names", () => {
    expect(
      redactSecretArguments(["server.js", "--api-key", "sk-live-1", "--token=abc", "-p", "hunter2", "API_KEY=xyz", "--port", "8080"]),
    ).toEqual(["server.js", "--api-key", REDACTED, `--token=${REDACTED}`, "-p", "hunter2", `API_KEY=${REDACTED}`, "--port", "8080"]);
    // An option followed by another gave no value; an author is not a secret.
    expect(redactSecretArguments(["--password", "--verbose", "--author", "ada"])).toEqual(["--password", "--verbose", "--author", "ada"]);
  });

  it("keeps them out of a stdio server's target, as a URL's credentials are", () => {
    const target = describeServerTarget({
      id: "s",
      transport: "stdio",
      command: "npx",
      args: ["-y", "some-mcp", "--auth-token", "tok-9f8e", "--db", "postgres://u:pw-1@h/db"],
      env: {},
    } as never);
    expect(target).toBe(`npx -y some-mcp --auth-token ${REDACTED} --db postgres://u:${REDACTED}@h/db`);
  });
});
