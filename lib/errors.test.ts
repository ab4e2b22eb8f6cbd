import { describe, expect, it, vi } from "vitest";

describe("AppError", () => {
  it("is recognised by another copy of lib/errors (Next bundles lib/ once per route)", async () => {
    const first = await import("./errors");
    vi.resetModules();
    const second = await import("./errors");
    expect(second.AppError).not.toBe(first.AppError);

    const error = new first.AppError("unavailable:server", "demo is not connected");
    expect(error).toBeInstanceOf(second.AppError);
    expect(second.errorBody(error)).toEqual({
      status: 503,
      body: { error: { code: "unavailable:server", message: "demo is not connected" } },
      headers: {},
    });
  });

  it("does not take a plain error, or one that only looks like an AppError, for one", async () => {
    const { AppError, errorBody } = await import("./errors");
    const lookalike = Object.assign(new Error("no"), { code: "not_found:server" });
    expect(lookalike).not.toBeInstanceOf(AppError);
    expect(null).not.toBeInstanceOf(AppError);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(errorBody(lookalike).status).toBe(500);
  });
});
