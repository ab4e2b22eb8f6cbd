import { describe, expect, it } from "vitest";
import { callRequirement, ServerPolicySchema, toolRisk, type ServerPolicy } from "./tool-policy";

const readOnly = { name: "list", annotations: { readOnlyHint: true, openWorldHint: false } };
const destructive = { name: "delete", annotations: { destructiveHint: true, openWorldHint: false } };
const silent = { name: "echo" };

describe("tool risk", () => {
  it("follows the spec's defaults when annotations are believed, and assumes the worst when not", () => {
    expect(toolRisk(readOnly, true)).toEqual({ destructive: false, openWorld: false });
    expect(toolRisk(destructive, true)).toEqual({ destructive: true, openWorld: false });
    expect(toolRisk(silent, true)).toEqual({ destructive: true, openWorld: true });
    expect(toolRisk(readOnly, false)).toEqual({ destructive: true, openWorld: true });
  });
});

describe("callRequirement", () => {
  const policy: ServerPolicy = { destructive: { roles: ["admin"] }, openWorld: { reason: true } };

  it("asks nothing without a policy or of a tool no rule covers", () => {
    expect(callRequirement(undefined, destructive, true, "operator")).toEqual({ allowed: true, reasonRequired: false, because: null });
    expect(callRequirement(policy, readOnly, true, "operator")).toMatchObject({ allowed: true, reasonRequired: false });
  });

  it("applies every class rule a tool falls under", () => {
    expect(callRequirement(policy, destructive, true, "operator")).toMatchObject({
      allowed: false,
      because: expect.stringMatching(/only admins/),
    });
    expect(callRequirement(policy, destructive, true, "admin")).toMatchObject({ allowed: true, reasonRequired: false });
    expect(callRequirement(policy, silent, true, "admin")).toMatchObject({ allowed: true, reasonRequired: true });
    expect(callRequirement(policy, silent, true, null)).toMatchObject({ allowed: false });
  });

  it("treats every tool of a server whose annotations are not trusted as risky, unless the policy trusts them", () => {
    expect(callRequirement(policy, readOnly, false, "operator")).toMatchObject({
      allowed: false,
      because: expect.stringMatching(/not trusted/),
    });
    expect(callRequirement({ ...policy, trustAnnotations: true }, readOnly, false, "operator")).toMatchObject({ allowed: true });
    expect(callRequirement({ ...policy, trustAnnotations: false }, readOnly, true, "operator")).toMatchObject({ allowed: false });
  });

  it("lets a per-tool rule replace the class rules, and finds only rules the policy has", () => {
    const withTools: ServerPolicy = { ...policy, tools: { delete: { roles: ["operator", "admin"] } } };
    expect(callRequirement(withTools, destructive, true, "operator")).toMatchObject({ allowed: true, reasonRequired: false });
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expect(callRequirement(withTools, { name }, true, "operator"), name).toMatchObject({ allowed: false });
    }
  });
});

describe("the agents' part of a policy", () => {
  it("refuses a policy under which nobody may decide a waiting call, with a reason a person can act on", () => {
    const nobody = ServerPolicySchema.safeParse({ agents: { approvers: { roles: [], people: [], self: false } } });
    expect(nobody.success).toBe(false);
    expect(nobody.error?.issues[0]?.message).toMatch(/Name at least one approver/);
    // Any one approver will do; absent roles mean admins.
    for (const approvers of [{ roles: [], self: true }, { roles: [], people: ["a@example.com"], self: false }, { self: false }])
      expect(ServerPolicySchema.safeParse({ agents: { approvers } }).success).toBe(true);
    expect(ServerPolicySchema.safeParse({ agents: { timeoutSeconds: 2 } }).error?.issues[0]?.message).toBe(
      "An agent waits at least 5 seconds.",
    );
  });
});
