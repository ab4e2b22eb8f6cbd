// A server's request for input during a call is answered only by whoever made the call: knowing
// (or guessing) the request's id is not enough for another operator.
import { describe, expect, it } from "vitest";
import { answerUserInput, requestUserInput, withInteractor, type UserInputRequest } from "./user-input";

describe("answers to a request for input", () => {
  it("are taken from the caller only; another person's answer is refused as if there were no request", async () => {
    const asked: UserInputRequest[] = [];
    const answer = await withInteractor(
      "srv",
      (request) => asked.push(request),
      async () => {
        const pending = requestUserInput("srv", "elicitation", { message: "Your name?" });
        await Promise.resolve();
        const id = asked[0]!.id;
        expect(answerUserInput("srv", id, { action: "accept", content: { name: "Mallory" } }, "user-mallory")).toBe(false);
        expect(answerUserInput("srv", id, { action: "accept", content: { name: "Mallory" } }, null)).toBe(false);
        expect(answerUserInput("other-server", id, { action: "accept", content: { name: "Ada" } }, "user-ada")).toBe(false);
        expect(answerUserInput("srv", id, { action: "accept", content: { name: "Ada" } }, "user-ada")).toBe(true);
        return pending;
      },
      "user-ada",
      "user-ada",
    );
    expect(answer).toEqual({ action: "accept", content: { name: "Ada" } });
  });

  it("the bootstrap token's call is answered by the bootstrap token, not by a person", async () => {
    const asked: UserInputRequest[] = [];
    await withInteractor(
      "srv",
      (request) => asked.push(request),
      async () => {
        const pending = requestUserInput("srv", "sampling", {});
        await Promise.resolve();
        expect(answerUserInput("srv", asked[0]!.id, { action: "decline" }, "user-ada")).toBe(false);
        expect(answerUserInput("srv", asked[0]!.id, { action: "decline" }, "bootstrap token")).toBe(true);
        return pending;
      },
      null,
      "bootstrap token",
    );
  });

  it("a request that comes on its own, while several people's calls run, is declined rather than shown to one of them", async () => {
    const shown: string[] = [];
    let release: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (release = resolve));
    const call = (who: string) =>
      withInteractor(
        "shared",
        () => shown.push(who),
        () => running,
        who,
        who,
      );
    const calls = [call("user-ada"), call("user-bob")];
    // Not inside either call's context: a 2025 server's request arriving on the connection.
    expect(await requestUserInput("shared", "elicitation", {})).toBeNull();
    expect(shown).toEqual([]);
    release();
    await Promise.all(calls);
    // With one person's calls under way, theirs it is.
    const one = withInteractor(
      "shared",
      () => shown.push("user-ada"),
      () => new Promise((r) => setTimeout(r, 20)),
      "user-ada",
      "user-ada",
    );
    void requestUserInput("shared", "elicitation", {});
    await one;
    expect(shown).toEqual(["user-ada"]);
  });
});
