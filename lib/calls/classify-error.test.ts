import { ProtocolError, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { classifyCallError, sdkErrorOutcome } from "./classify-error";
import { CALL_OUTCOMES } from "../domain/outcomes";

describe("classifyCallError", () => {
  it("places every SDK error code in an outcome of the table", () => {
    for (const code of Object.values(SdkErrorCode)) {
      const outcome = sdkErrorOutcome(code);
      expect(Object.keys(CALL_OUTCOMES)).toContain(outcome);
      expect(classifyCallError(new SdkError(code, "x"))).toEqual({ status: outcome, message: "x" });
    }
    expect(sdkErrorOutcome(SdkErrorCode.RequestTimeout)).toBe("timeout");
    expect(sdkErrorOutcome(SdkErrorCode.ConnectionClosed)).toBe("transport_error");
    expect(sdkErrorOutcome(SdkErrorCode.InvalidResult)).toBe("malformed_result");
    expect(sdkErrorOutcome(SdkErrorCode.SendFailed)).toBe("unavailable");
  });

  it("keeps a JSON-RPC error's code and data", () => {
    expect(classifyCallError(new ProtocolError(-32602, "bad", { field: "a" }))).toEqual({
      status: "protocol_error",
      code: -32602,
      message: "bad",
      data: { field: "a" },
    });
  });

  it("a cancel by the caller wins over what the SDK threw on the way out", () => {
    expect(classifyCallError(new SdkError(SdkErrorCode.RequestTimeout, "x"), true)).toMatchObject({ status: "cancelled" });
  });

  it("a server Toolscope cannot reach, a strict parse that failed, anything else", () => {
    expect(classifyCallError(new AppError("unavailable:server", "down"))).toEqual({ status: "unavailable", message: "down" });
    const zod = Object.assign(new Error("Invalid input\nmore"), { name: "ZodError" });
    expect(classifyCallError(zod)).toMatchObject({ status: "malformed_result", message: expect.stringContaining("Invalid input") });
    expect(classifyCallError(new TypeError("fetch failed"))).toEqual({ status: "transport_error", message: "fetch failed" });
  });
});
