// Signing in and out for real, against better-auth over SQLite: sessions are random,
// server-side and revocable; sign-in attempts are throttled per account and per address;
// sessions end when they reach their maximum age; a disabled person is signed out.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { database } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { identify } from "./identify";
import { changePerson, invitePerson } from "./people";
import { createToken } from "./personal-tokens";
import type { Caller } from "../domain/roles";
import { changePassword, listSessions, signIn, signOut, signOutEverywhere } from "./session";
import { auth, CLIENT_ADDRESS_HEADER } from "./better-auth";
import { ACCOUNT_FAILURES, BEARER_FAILURES } from "./throttle";
import { forgetProductSettings } from "@/test/product-settings";

const savedEnv = { ...process.env };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-session-"));
const people: Record<string, { id: string; password: string }> = {};

beforeAll(async () => {
  forgetProductSettings();
  Object.assign(process.env, { TOOLSCOPE_DATA_DIR: dataDir, TOOLSCOPE_DEMO_SERVER: "off", TOOLSCOPE_API_TOKEN: "bootstrap-secret" });
  for (const email of ["ana@example.com", "ben@example.com", "cy@example.com", "dee@example.com"]) {
    const { person, password } = await invitePerson({ email, role: "operator", password: "generate" }, { actor: "test", clientIp: null });
    people[email] = { id: person.id, password: password! };
  }
});

afterAll(() => {
  process.env = savedEnv;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const from = (ip: string) => ({ headers: new Headers({ "user-agent": "vitest" }), clientIp: ip });
const cookieOf = (setCookies: string[]) => setCookies.map((c) => c.split(";")[0]).join("; ");
const who = async (cookie: string): Promise<Caller> => (await identify({ headers: new Headers({ cookie }), clientIp: "127.0.0.1" })).caller;
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? { code: error.code, headers: error.headers } : { error }),
  );

describe("sessions", () => {
  it("each sign-in gets its own random session, HttpOnly and SameSite=Lax; signing out revokes it on the server", async () => {
    const { id, password } = people["ana@example.com"]!;
    const first = await signIn({ email: "ana@example.com", password }, from("10.0.0.1"));
    const second = await signIn({ email: "ana@example.com", password }, from("10.0.0.1"));
    expect(first.setCookies[0]).toMatch(/HttpOnly/);
    expect(first.setCookies[0]).toMatch(/SameSite=Lax/);
    expect(cookieOf(first.setCookies)).not.toBe(cookieOf(second.setCookies));
    const caller = await who(cookieOf(first.setCookies));
    expect(caller).toMatchObject({ userId: id, email: "ana@example.com", role: "operator", authMethod: "password" });

    await signOut(caller, new Headers({ cookie: cookieOf(first.setCookies) }));
    // The same cookie, replayed after signing out, is nobody.
    expect((await who(cookieOf(first.setCookies))).role).toBeNull();
    expect((await who(cookieOf(second.setCookies))).userId).toBe(id);

    const third = await signIn({ email: "ana@example.com", password }, from("10.0.0.1"));
    await signOutEverywhere(await who(cookieOf(third.setCookies)), new Headers({ cookie: cookieOf(third.setCookies) }));
    expect((await who(cookieOf(second.setCookies))).role).toBeNull();
    expect((await who(cookieOf(third.setCookies))).role).toBeNull();
  });

  it("a session older than TOOLSCOPE_SESSION_MAX_HOURS ends however active", async () => {
    const { password } = people["ben@example.com"]!;
    const cookie = cookieOf((await signIn({ email: "ben@example.com", password }, from("10.0.0.2"))).setCookies);
    const caller = await who(cookie);
    const db = await database();
    await db
      .updateTable("auth_session")
      .set({ createdAt: new Date(Date.now() - 200 * 3_600_000).toISOString() })
      .where("id", "=", caller.sessionId!)
      .execute();
    expect(await refusal(identify({ headers: new Headers({ cookie }), clientIp: null }))).toMatchObject({ code: "unauthorized:session" });
    expect((await who(cookie)).role).toBeNull();
  });

  it("a disabled person is signed out at once and their tokens stop working", async () => {
    const { id, password } = people["dee@example.com"]!;
    const cookie = cookieOf((await signIn({ email: "dee@example.com", password }, from("10.0.0.4"))).setCookies);
    const { secret } = await createToken(id, { name: "script", scopes: ["call"], expiresInDays: 1 });
    const admin = { ...(await who(cookie)), userId: "someone-else", role: "admin" as const };
    await changePerson(id, { disabled: true }, admin);
    expect((await who(cookie)).role).toBeNull();
    const bearer = identify({ headers: new Headers({ authorization: `Bearer ${secret}` }), clientIp: null });
    expect(await refusal(bearer)).toMatchObject({ code: "unauthorized:disabled" });
    expect(await refusal(signIn({ email: "dee@example.com", password }, from("10.0.0.4")))).toMatchObject({
      code: "unauthorized:disabled",
    });
  });

  it("the bootstrap token signs a browser in to a revocable session of its own", async () => {
    const { setCookies } = await signIn({ token: "bootstrap-secret" }, from("10.0.0.5"));
    const caller = await who(cookieOf(setCookies));
    expect(caller).toMatchObject({ actor: "bootstrap token", role: "admin", authMethod: "bootstrap-token", userId: null });
    expect(await refusal(signIn({ token: "not-it" }, from("10.0.0.5")))).toMatchObject({ code: "unauthorized:token" });
  });
});

describe("the address a session records", () => {
  it("is the one the front door found, not an X-Forwarded-For the client wrote", async () => {
    const { password } = people["ana@example.com"]!;
    const headers = new Headers({ "user-agent": "vitest", "x-forwarded-for": "6.6.6.6", [CLIENT_ADDRESS_HEADER]: "198.51.100.9" });
    const cookie = cookieOf((await signIn({ email: "ana@example.com", password }, { headers, clientIp: "198.51.100.9" })).setCookies);
    const caller = await who(cookie);
    const mine = (await listSessions(caller)).find((s) => s.current);
    expect(mine?.ipAddress).toBe("198.51.100.9");
  });
});

describe("changing a password", () => {
  it("can end the other sessions and revoke the personal tokens, or leave them", async () => {
    const { email, password } = { email: "ben@example.com", password: people["ben@example.com"]!.password };
    const here = cookieOf((await signIn({ email, password }, from("10.0.0.7"))).setCookies);
    const elsewhere = cookieOf((await signIn({ email, password }, from("10.0.0.8"))).setCookies);
    const { secret } = await createToken(people[email]!.id, { name: "nightly", scopes: ["read"], expiresInDays: 1 });
    const bearer = (token: string) => identify({ headers: new Headers({ authorization: `Bearer ${token}` }), clientIp: "10.0.0.7" });

    // Keeping everything: the other session and the token still work.
    const kept = await changePassword(
      await who(here),
      { currentPassword: password, newPassword: "second-password-1", signOutOtherSessions: false, revokeTokens: false },
      new Headers({ cookie: here }),
    );
    expect(kept).toMatchObject({ sessionsEnded: false, tokensRevoked: 0 });
    expect((await who(elsewhere)).email).toBe(email);
    expect((await bearer(secret)).caller.email).toBe(email);

    // Ending everything someone with the old password may have opened.
    const ended = await changePassword(
      await who(here),
      { currentPassword: "second-password-1", newPassword: "third-password-1", revokeTokens: true },
      new Headers({ cookie: here }),
    );
    expect(ended).toMatchObject({ sessionsEnded: true, tokensRevoked: 1 });
    expect((await who(elsewhere)).role).toBeNull();
    expect(await refusal(bearer(secret))).toMatchObject({ code: "unauthorized:token_revoked" });
    people[email]!.password = "third-password-1";
  });
});

describe("sign-in throttling", () => {
  it(`refuses an account after ${ACCOUNT_FAILURES} failures with 429 and Retry-After, even with the right password`, async () => {
    const { password } = people["cy@example.com"]!;
    for (let i = 0; i < ACCOUNT_FAILURES; i++) {
      expect(await refusal(signIn({ email: "cy@example.com", password: "wrong" }, from(`10.1.0.${i}`)))).toMatchObject({
        code: "unauthorized:credentials",
      });
    }
    const blocked = await refusal(signIn({ email: "cy@example.com", password }, from("10.1.1.1")));
    expect(blocked).toMatchObject({ code: "too_many_requests:sign_in", headers: { "retry-after": expect.stringMatching(/^\d+$/) } });
    // Another account is not held up by it.
    const { password: anaPassword } = people["ana@example.com"]!;
    expect(await refusal(signIn({ email: "ana@example.com", password: anaPassword }, from("10.1.1.1")))).toBeNull();
  });

  it("refuses an address that keeps failing, whichever accounts it tries", async () => {
    let last: unknown = null;
    for (let i = 0; i < 25; i++) last = await refusal(signIn({ email: `nobody${i}@example.com`, password: "x" }, from("10.9.9.9")));
    expect(last).toMatchObject({ code: "too_many_requests:sign_in" });
    expect(await refusal(signIn({ email: "nobody@example.com", password: "x" }, from("10.9.9.10")))).toMatchObject({
      code: "unauthorized:credentials",
    });
    // Everyone behind one proxy shares that address: a correct password still gets in from it.
    const { password } = people["ana@example.com"]!;
    expect(await refusal(signIn({ email: "ana@example.com", password }, from("10.9.9.9")))).toBeNull();
    expect(await refusal(signIn({ email: "ana@example.com", password: "wrong" }, from("10.9.9.9")))).toMatchObject({
      code: "too_many_requests:sign_in",
    });
    // Each refused sign-in hashes a password as a real one would (no timing oracle): 12 s on two
    // idle cores, over 30 s on busy ones.
  }, 120_000);

  it(`checks every bearer from an address after ${BEARER_FAILURES} unknown tokens: one that verifies gets in, a wrong one waits`, async () => {
    const bearer = (token: string, ip: string) =>
      refusal(identify({ headers: new Headers({ authorization: `Bearer ${token}` }), clientIp: ip }));
    for (let i = 0; i < BEARER_FAILURES; i++) {
      expect(await bearer(i % 2 ? `guess-${i}` : `tsk_guess${i}`, "10.7.7.7")).toMatchObject({
        code: expect.stringMatching(/^unauthorized:/),
      });
    }
    // Issue 43: the operator's own token, refused unchecked here, let anyone at their address
    // (a shared proxy or NAT) lock them out. It is checked, and gets in.
    expect(await bearer("bootstrap-secret", "10.7.7.7")).toBeNull();
    const { secret } = await createToken(people["ana@example.com"]!.id, { name: "behind the proxy", scopes: ["read"], expiresInDays: 1 });
    expect(await bearer(secret, "10.7.7.7")).toBeNull();
    // Guesses are still told to wait, with one answer whatever was wrong, and a success forgives none of them.
    const waited = { code: "too_many_requests:token", headers: { "retry-after": expect.stringMatching(/^\d+$/) } };
    for (const guess of ["bootstrap-secreT", "bootstrap-secret2", "bootstrap-secre", "guess-again", "tsk_guess", `${secret}x`]) {
      expect(await bearer(guess, "10.7.7.7")).toMatchObject(waited);
    }
    // Elsewhere a wrong guess is only wrong.
    expect(await bearer("bootstrap-secreT", "10.7.7.8")).toMatchObject({ code: "unauthorized:token" });
  });
});

describe("the bootstrap admin's reserved identity", () => {
  it("nobody can be invited with it, in any letter case", async () => {
    for (const email of ["bootstrap@toolscope.invalid", "BOOTSTRAP@Toolscope.Invalid", "eve@toolscope.invalid"]) {
      const refused = await refusal(invitePerson({ email, role: "viewer", password: "generate" }, { actor: "test", clientIp: null }));
      expect(refused).toMatchObject({ code: "bad_request:reserved_email" });
    }
    expect(await (await database()).selectFrom("auth_user").select("id").where("email", "=", "eve@toolscope.invalid").execute()).toEqual(
      [],
    );
  });

  it("no person's address can be changed to it, through better-auth's own writes", async () => {
    const { person } = await invitePerson(
      { email: "ren@example.com", role: "viewer", password: "generate" },
      { actor: "test", clientIp: null },
    );
    const { internalAdapter } = await (await auth()).$context;
    for (const email of ["bootstrap@toolscope.invalid", "Bootstrap@Toolscope.Invalid", "ren@toolscope.invalid"])
      await expect(internalAdapter.updateUser(person.id, { email })).rejects.toThrow(/reserved/i);
    const row = await (await database()).selectFrom("auth_user").select("email").where("id", "=", person.id).executeTakeFirstOrThrow();
    expect(row.email).toBe("ren@example.com");
  });

  it("is the bootstrap admin only when signed in with the token, and not once the token is gone", async () => {
    const cookie = cookieOf((await signIn({ token: "bootstrap-secret" }, from("10.0.0.6"))).setCookies);
    const bootstrap = await who(cookie);
    expect(bootstrap).toMatchObject({ actor: "bootstrap token", authMethod: "bootstrap-token", userId: null });
    // A session of the bootstrap account that the token did not make (as a single sign-on that
    // asserted its address once could) is nobody's: it is refused, not made an admin.
    const db = await database();
    const session = await db
      .selectFrom("auth_session")
      .select(["id", "userId"])
      .where("id", "=", bootstrap.sessionId!)
      .executeTakeFirstOrThrow();
    await db.updateTable("auth_session").set({ authMethod: "sso" }).where("id", "=", session.id).execute();
    expect(await refusal(identify({ headers: new Headers({ cookie }), clientIp: null }))).toMatchObject({ code: "unauthorized:session" });
    // Nor is a personal token of that account.
    const { secret } = await createToken(session.userId, { name: "claimed", scopes: ["call"], expiresInDays: 1 });
    expect(await refusal(identify({ headers: new Headers({ authorization: `Bearer ${secret}` }), clientIp: "10.0.0.6" }))).toMatchObject({
      code: "unauthorized:session",
    });
    // A token session lasts only as long as TOOLSCOPE_API_TOKEN does, and that same token.
    const again = cookieOf((await signIn({ token: "bootstrap-secret" }, from("10.0.0.6"))).setCookies);
    const rotated = cookieOf((await signIn({ token: "bootstrap-secret" }, from("10.0.0.6"))).setCookies);
    delete process.env.TOOLSCOPE_API_TOKEN;
    try {
      expect(await refusal(identify({ headers: new Headers({ cookie: again }), clientIp: null }))).toMatchObject({
        code: "unauthorized:session",
      });
      // Replaced (as a leaked token is): sessions made with the old one end.
      process.env.TOOLSCOPE_API_TOKEN = "a-new-bootstrap-secret";
      expect(await refusal(identify({ headers: new Headers({ cookie: rotated }), clientIp: null }))).toMatchObject({
        code: "unauthorized:session",
      });
      const fresh = cookieOf((await signIn({ token: "a-new-bootstrap-secret" }, from("10.0.0.6"))).setCookies);
      expect(await who(fresh)).toMatchObject({ actor: "bootstrap token" });
    } finally {
      process.env.TOOLSCOPE_API_TOKEN = "bootstrap-secret";
    }
  });
});
