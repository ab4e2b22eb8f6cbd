// An ID-JAG from the identity provider people sign in to Toolscope with: its `sub` is the person's
// subject there, matched to their single sign-on account, and nothing else names them (an email
// claim does not stand in for a subject Toolscope does not know).
import { describe, expect, it } from "vitest";
import { idJagScene } from "@/test/id-jag-scene";

const scene = idJagScene({ sso: true });

describe("an ID-JAG from the single sign-on provider", () => {
  it("names the person by their single sign-on subject", async () => {
    const { status, body } = await scene.tokenRequest(await scene.idp().idJag(scene.claimsFor("vera", { email: undefined })));
    expect(status, JSON.stringify(body)).toBe(200);
    const token = String(body.access_token);
    const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { sub: string };
    expect(claims.sub).toBe(scene.people.vera.id);
  });

  it("is refused for a subject no one signed in as, whatever email it carries", async () => {
    const { status, body } = await scene.tokenRequest(
      await scene.idp().idJag(scene.claimsFor("olga", { sub: "idp|stranger", email: scene.people.olga.email })),
    );
    expect(status).toBe(400);
    expect(String(body.error_description)).toMatch(/no Toolscope account/);
  });
});
