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
});
