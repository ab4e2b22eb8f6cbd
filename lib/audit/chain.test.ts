// The hash of one record: stable for records written before a column was added, and never the
// same for two records that differ in who acted, why, or where the call was made from.
import { describe, expect, it } from "vitest";
import { recordHash } from "./chain";

const RECORD = {
  id: "0mfh0a1b20000a1b2c3d4",
  started_at: "2026-11-24T10:00:00.000Z",
  ended_at: "2026-11-24T10:00:00.250Z",
  duration_ms: 250,
  actor: "local",
  client_ip: "127.0.0.1",
  server_id: "demo",
  server_target: "node demo.js",
  protocol_version: "2026-07-28",
  tool_name: "get_weather",
  arguments: '{"city":"Lisbon"}',
  request_meta: null,
  outcome: "ok" as const,
  error_code: null,
  error_message: null,
  result: '{"content":[]}',
  result_size: 14,
  result_sha256: null,
  result_truncated: 0,
  output_verdict: null,
  chain_seq: 7,
  prev_hash: "0".repeat(64),
};

describe("recordHash", () => {
  it("keeps the hashes records were written with before who acted, a reason and via were kept", () => {
    // Computed by the code from before migration 0015; a change here breaks every existing chain.
    expect(recordHash(RECORD)).toBe("0310598f23321ad84117397f0157e34eba798bb33609ccccbdfb8c07fa75db31");
    expect(recordHash({ ...RECORD, kind: "call", actor_id: "u1", actor_name: "Ada", auth_method: "password", token_name: null })).toBe(
      "08fb2dc853708fe6208083c6290eecce13491132fca4d5d9fd43430a3774856b",
    );
    expect(recordHash({ ...RECORD, reason: "INC-42" })).toBe("0b03f6f51dc44539b4f1245c7bd8388b3a4f730e6005539a4a6fc082b333dc99");
    // A record that has none of them hashes the same whether they are read as null or not at all.
    expect(
      recordHash({
        ...RECORD,
        kind: "call",
        actor_id: null,
        actor_name: null,
        auth_method: null,
        token_name: null,
        reason: null,
        via: null,
      }),
    ).toBe(recordHash(RECORD));
  });

  it("gives every via its own hash, never one that another field could produce", () => {
    const hashes = [
      recordHash(RECORD),
      recordHash({ ...RECORD, via: "console" }),
      // An empty via, which nothing writes, still differs from none: it cannot be slipped in.
      recordHash({ ...RECORD, via: "" }),
      recordHash({ ...RECORD, via: "app:dashboard" }),
      recordHash({ ...RECORD, reason: "console" }),
      recordHash({ ...RECORD, reason: "app:dashboard" }),
      recordHash({ ...RECORD, reason: "console", via: "console" }),
      recordHash({ ...RECORD, token_name: "console" }),
    ];
    expect(new Set(hashes).size).toBe(hashes.length);
  });
});
