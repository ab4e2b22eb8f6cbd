// The verified caller, handed from the front door to Next on a header, arrives as it left: names
// and addresses in any script (issue 43: one character above U+00FF made every request of that
// person a 500, since Next copies a request's headers into a web Headers object).
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fromNodeOutgoingHttpHeaders } from "next/dist/server/web/utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auth } from "@/lib/auth/better-auth";
import { invitePerson } from "@/lib/auth/people";
import { createToken } from "@/lib/auth/personal-tokens";
import { ANONYMOUS, type Caller } from "@/lib/domain/roles";
import { errorBody } from "@/lib/errors";
import { createFrontDoor } from "@/lib/server/front-door";
import { anyCallerOf } from "./caller";
import { decodeCaller, encodeCaller } from "./caller-header";
import { forgetProductSettings } from "@/test/product-settings";

const savedEnv = { ...process.env };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-caller-header-"));
let server: http.Server;
let base = "";

/** What Next does with a request the front door hands it: its headers become web Headers, and a route reads the caller from them. */
function standInForNext(request: http.IncomingMessage, response: http.ServerResponse): void {
  try {
    const headers = fromNodeOutgoingHttpHeaders(request.headers);
    const caller = anyCallerOf(new Request(`http://127.0.0.1${request.url}`, { headers }));
    response.writeHead(418, { "content-type": "application/json" }).end(JSON.stringify({ caller }));
  } catch (error) {
    const { status, body } = errorBody(error);
    response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  }
}

beforeAll(async () => {
  forgetProductSettings();
  Object.assign(process.env, {
    TOOLSCOPE_DATA_DIR: dataDir,
    TOOLSCOPE_DEMO_SERVER: "off",
    TOOLSCOPE_API_TOKEN: "caller-header-test-token",
  });
  server = http.createServer(createFrontDoor(standInForNext));
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((closed) => server.close(closed));
  process.env = savedEnv;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const NAMES = ["Zoé Łukasz 李雷", 'Quote " back\\slash \u007f tab\t', "emoji 👩🏽‍💻, lone \ud800 and \u2028"];

describe("the caller header", () => {
  it("is printable ASCII that any web Headers accepts, and reads back exactly", () => {
    for (const name of NAMES) {
      const caller: Caller = { ...ANONYMOUS, clientIp: "::1", name, actor: `${name} <zoé.łukasz.李@example.com>` };
      const value = encodeCaller(caller);
      expect(value).toMatch(/^[\x20-\x7e]*$/);
      expect(new Headers({ "x-caller": value }).get("x-caller")).toBe(value);
      expect(decodeCaller(value)).toEqual(caller);
    }
  });

  it("carries a person whose name and address are in any script through the real front door", async () => {
    const email = "zoe.lukasz@example.com";
    const { person } = await invitePerson({ email, role: "operator", password: "none" }, { actor: "test", clientIp: null });
    // As single sign-on writes them: the provider's address and name, unchanged.
    const unicodeEmail = "zoé.łukasz.李@example.com";
    await (
      await auth()
    ).$context.then(({ internalAdapter }) => internalAdapter.updateUser(person.id, { email: unicodeEmail, name: "Zoé Łukasz 李雷" }));
    const { secret } = await createToken(person.id, { name: "script", scopes: ["read"], expiresInDays: 1 });

    const answer = await fetch(`${base}/`, { headers: { authorization: `Bearer ${secret}` } });
    expect(answer.status).toBe(418);
    const { caller } = (await answer.json()) as { caller: Caller };
    expect(caller).toMatchObject({
      userId: person.id,
      email: unicodeEmail,
      name: "Zoé Łukasz 李雷",
      actor: `Zoé Łukasz 李雷 <${unicodeEmail}>`,
    });
  });
});
