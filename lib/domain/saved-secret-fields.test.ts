import { describe, expect, it } from "vitest";
import { fillSecrets, leaveOutSecrets, markSecret, withoutSecrets } from "./saved-secret-fields";

const schema = {
  type: "object",
  properties: {
    user: { type: "string" },
    password: { type: "string", format: "password" },
    nested: { type: "object", properties: { pin: { type: "string", writeOnly: true } } },
    dsn: { type: "string" },
  },
};

describe("secret fields of a saved call", () => {
  it("leaves out password and writeOnly values, secret keys and a connection string's password, by pointer", () => {
    const stored = leaveOutSecrets(
      { user: "ada", password: "hunter2", nested: { pin: "1234" }, dsn: "postgres://ada:pw@db/x", api_key: "sk-1" },
      schema,
    );
    expect(JSON.stringify(stored)).not.toMatch(/hunter2|1234|:pw@|sk-1/);
    expect(stored.arguments).toMatchObject({ user: "ada", password: "[redacted]", dsn: "[redacted]" });
    expect(stored.secretFields.sort()).toEqual(["/api_key", "/dsn", "/nested/pin", "/password"]);
  });

  it("fills them in for a run, and refuses to send while one is missing", () => {
    const { arguments: args, secretFields } = leaveOutSecrets({ user: "ada", password: "hunter2" }, schema);
    expect(fillSecrets(args, secretFields, {})).toEqual({ ok: false, missing: ["/password"] });
    expect(fillSecrets(args, secretFields, { "/password": "s3cret" })).toEqual({
      ok: true,
      arguments: { user: "ada", password: "s3cret" },
    });
    // A placeholder no pointer names (arguments edited by hand) is never sent either.
    expect(fillSecrets({ user: "[redacted]" }, [], {}).ok).toBe(false);
    expect(args).toEqual({ user: "ada", password: "[redacted]" });
  });

  it("keeps a field a file marks secret as a placeholder, whatever it holds", () => {
    const marked = markSecret({ note: "visible", code: "123" }, ["/code", "/missing/deep"]);
    expect(leaveOutSecrets(marked, {})).toEqual({ arguments: { note: "visible", code: "[redacted]" }, secretFields: ["/code"] });
  });

  it("drops secret fields for a form that asks for them again", () => {
    expect(withoutSecrets({ user: "ada", password: "[redacted]", nested: { pin: "[redacted]" } }, ["/password", "/nested/pin"])).toEqual({
      user: "ada",
      nested: {},
    });
    expect(withoutSecrets({ urls: ["[redacted]", "b"] }, ["/urls/0"])).toEqual({ urls: [undefined, "b"] });
    expect(withoutSecrets({}, ["/__proto__/hasOwnProperty"])).toEqual({});
    expect(Object.hasOwn({ a: 1 }, "a")).toBe(true);
  });
});
