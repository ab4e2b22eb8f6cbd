// The outbound request guard with addresses as data and an injected resolver. Every address
// that is refused is refused before a socket exists; the only packets sent go to a server on
// 127.0.0.1 that a test allow-lists.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifyAddress, parseAddress, type AddressClass } from "./address-class";
import { createGuardedFetch, type Resolver } from "./guarded-fetch";
import { checkAddress, outboundPolicy, OutboundRefusedError } from "./outbound-policy";

const CASES: [string, AddressClass][] = [
  ["8.8.8.8", "public"],
  ["2606:4700:4700::1111", "public"],
  ["127.0.0.1", "loopback"],
  ["127.8.9.10", "loopback"],
  ["::1", "loopback"],
  ["2130706433", "loopback"],
  ["0177.0.0.1", "loopback"],
  ["0x7f.0.0.1", "loopback"],
  ["0x7f000001", "loopback"],
  ["127.1", "loopback"],
  ["::ffff:127.0.0.1", "loopback"],
  ["::ffff:7f00:1", "loopback"],
  ["[::ffff:7f00:1]", "loopback"],
  ["10.0.0.1", "private"],
  ["172.16.5.4", "private"],
  ["192.168.1.1", "private"],
  ["0xc0a80101", "private"],
  ["100.64.0.1", "private"],
  ["fd12:3456::1", "private"],
  ["::ffff:10.1.2.3", "private"],
  ["64:ff9b::a00:1", "private"],
  ["2002:c0a8:0101::1", "private"],
  ["169.254.1.1", "link-local"],
  ["fe80::1", "link-local"],
  ["fe80::1%eth0", "link-local"],
  ["224.0.0.1", "multicast"],
  ["ff02::1", "multicast"],
  ["0.0.0.0", "unspecified"],
  ["0", "unspecified"],
  ["::", "unspecified"],
  ["169.254.169.254", "cloud-metadata"],
  ["2852039166", "cloud-metadata"],
  ["0251.0376.0251.0376", "cloud-metadata"],
  ["0xa9.0xfe.0xa9.0xfe", "cloud-metadata"],
  ["::ffff:169.254.169.254", "cloud-metadata"],
  ["::ffff:a9fe:a9fe", "cloud-metadata"],
  ["64:ff9b::a9fe:a9fe", "cloud-metadata"],
  ["fd00:ec2::254", "cloud-metadata"],
  ["169.254.170.2", "cloud-metadata"],
  ["100.100.100.200", "cloud-metadata"],
  ["255.255.255.255", "reserved"],
  ["192.0.2.1", "reserved"],
  ["240.0.0.1", "reserved"],
  ["2001:db8::1", "reserved"],
];

describe("address classes", () => {
  it.each(CASES)("%s is %s", (text, kind) => {
    const address = parseAddress(text);
    expect(address).not.toBeNull();
    expect(classifyAddress(address!)).toBe(kind);
  });

  it("does not read host names as addresses", () => {
    for (const name of ["example.com", "localhost", "1.2.3.4.example", "0x7g.1"]) expect(parseAddress(name)).toBeNull();
  });
});

describe("the outbound policy", () => {
  const hosted = outboundPolicy("hosted");
  const local = outboundPolicy("local");

  it("refuses every class but public addresses when hosted, whatever the spelling", () => {
    for (const [text, kind] of CASES) {
      const check = () => checkAddress(hosted, "server.test", text);
      if (kind === "public") expect(check).not.toThrow();
      else expect(check, text).toThrow(OutboundRefusedError);
    }
  });

  it("keeps loopback and private networks on a developer's machine, but not cloud metadata", () => {
    for (const text of ["127.0.0.1", "::1", "10.0.0.1", "192.168.1.1", "fd12::1", "8.8.8.8"])
      expect(() => checkAddress(local, "h", text)).not.toThrow();
    for (const text of ["169.254.169.254", "::ffff:a9fe:a9fe", "fd00:ec2::254", "224.0.0.1"])
      expect(() => checkAddress(local, "h", text), text).toThrow(OutboundRefusedError);
  });

  it("says what was refused, why, and how an operator allows it", () => {
    expect(() => checkAddress(hosted, "metadata.test", "169.254.169.254")).toThrow(
      /does not connect to 169\.254\.169\.254, a cloud metadata address \(metadata\.test resolves to it\).*TOOLSCOPE_OUTBOUND_ALLOW/,
    );
  });

  it("lets through the ranges, addresses and host names the operator allow-lists", () => {
    const policy = outboundPolicy("hosted", ["10.20.0.0/16", "192.168.7.7", "fd00:aaaa::/32", "mcp.internal", "*.corp.example"]);
    expect(() => checkAddress(policy, "a", "10.20.3.4")).not.toThrow();
    expect(() => checkAddress(policy, "a", "::ffff:10.20.3.4")).not.toThrow();
    expect(() => checkAddress(policy, "a", "10.21.0.1")).toThrow(OutboundRefusedError);
    expect(() => checkAddress(policy, "a", "192.168.7.7")).not.toThrow();
    expect(() => checkAddress(policy, "a", "192.168.7.8")).toThrow(OutboundRefusedError);
    expect(() => checkAddress(policy, "a", "fd00:aaaa::5")).not.toThrow();
    expect(() => checkAddress(policy, "mcp.internal", "10.9.9.9")).not.toThrow();
    expect(() => checkAddress(policy, "MCP.Internal.", "10.9.9.9")).not.toThrow();
    expect(() => checkAddress(policy, "tools.corp.example", "10.9.9.9")).not.toThrow();
    expect(() => checkAddress(policy, "corp.example", "10.9.9.9")).toThrow(OutboundRefusedError);
    expect(() => checkAddress(policy, "evilcorp.example", "10.9.9.9")).toThrow(OutboundRefusedError);
  });
});

describe("the guarded fetch", () => {
  let server: http.Server;
  let port: number;
  const paths: string[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      paths.push(request.url!);
      const to = new URL(request.url!, "http://x").searchParams.get("to");
      // A fresh connection per request, so every request makes its own lookup.
      response.setHeader("connection", "close");
      if (to) {
        response.writeHead(302, { location: to });
        response.end();
      } else {
        response.writeHead(200, { "content-type": "application/json" });
        response.end('{"ok":true}');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** A resolver from a table; names it does not know do not exist. */
  function table(answers: Record<string, string[]>, asked: string[] = []): Resolver {
    return async (hostname) => {
      asked.push(hostname);
      const addresses = answers[hostname];
      if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
      return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    };
  }

  it("refuses a name that resolves to each refused class, before connecting", async () => {
    const refused = CASES.filter(([text, kind]) => kind !== "public" && !text.includes("%") && /^[0-9a-f:.]+$/i.test(text));
    const answers = Object.fromEntries(refused.map(([text], i) => [`host${i}.test`, [parseAddress(text)!.toString()]]));
    const asked: string[] = [];
    const guarded = createGuardedFetch({ policy: () => outboundPolicy("hosted"), resolve: table(answers, asked) });
    for (const name of Object.keys(answers)) {
      await expect(guarded(`http://${name}:${port}/mcp`, { method: "POST", body: "{}" })).rejects.toThrow(
        /fetch failed: Toolscope does not connect to/,
      );
    }
    expect(asked).toEqual(Object.keys(answers));
    expect(paths).toEqual([]);
    guarded.close();
  });

  it("refuses an address written in the URL in any spelling, without resolving it", async () => {
    const asked: string[] = [];
    const guarded = createGuardedFetch({ policy: () => outboundPolicy("hosted"), resolve: table({}, asked) });
    for (const host of [
      "127.0.0.1",
      "2130706433",
      "0177.0.0.1",
      "0x7f.1",
      "[::1]",
      "[::ffff:127.0.0.1]",
      "169.254.169.254",
      "0xa9fea9fe",
      "[fd00:ec2::254]",
      "0.0.0.0",
      "[::]",
    ]) {
      await expect(guarded(`http://${host}:${port}/x`), host).rejects.toThrow(/Toolscope does not connect to/);
    }
    expect(asked).toEqual([]);
    expect(paths).toEqual([]);
    guarded.close();
  });

  it("refuses a name that resolves to one public and one refused address", async () => {
    const guarded = createGuardedFetch({
      policy: () => outboundPolicy("hosted"),
      resolve: table({ "mixed.test": ["93.184.216.34", "10.0.0.5"] }),
    });
    await expect(guarded(`http://mixed.test:${port}/x`)).rejects.toThrow(/10\.0\.0\.5, a private network address/);
    guarded.close();
  });

  it("checks every redirect hop: a redirect into a refused address is refused", async () => {
    const asked: string[] = [];
    const guarded = createGuardedFetch({
      policy: () => outboundPolicy("hosted", ["allowed.test"]),
      resolve: table({ "allowed.test": ["127.0.0.1"], "metadata.test": ["169.254.169.254"] }, asked),
    });
    const start = `http://allowed.test:${port}/`;
    const ok = await guarded(`${start}?to=${encodeURIComponent(`http://allowed.test:${port}/final`)}`);
    expect(await ok.json()).toEqual({ ok: true });
    expect(ok.url).toBe(`http://allowed.test:${port}/final`);
    for (const target of [
      `http://127.0.0.1:${port}/final`,
      `http://metadata.test/latest/meta-data/`,
      "http://169.254.169.254/latest/",
      "http://[::ffff:a9fe:a9fe]/",
    ]) {
      paths.length = 0;
      await expect(guarded(`${start}?to=${encodeURIComponent(target)}`), target).rejects.toThrow(/Toolscope does not connect to/);
      expect(paths).toHaveLength(1);
    }
    expect(asked).toContain("metadata.test");
    guarded.close();
  });

  it("connects to the address it checked: a rebinding resolver cannot swap it afterwards", async () => {
    // The allow-list lets 127.0.0.1 through but not 127.0.0.2. The resolver answers the allowed
    // address first and the refused one after; each connection is looked up once, and its socket
    // goes to the address that was checked.
    let calls = 0;
    const rebinding: Resolver = async () => [{ address: ++calls === 1 ? "127.0.0.1" : "127.0.0.2", family: 4 }];
    const guarded = createGuardedFetch({ policy: () => outboundPolicy("hosted", ["127.0.0.1"]), resolve: rebinding });
    paths.length = 0;
    const first = await guarded(`http://rebind.test:${port}/first`);
    expect(await first.json()).toEqual({ ok: true });
    expect(calls).toBe(1);
    expect(paths).toEqual(["/first"]);
    // The next connection asks again, is told 127.0.0.2, and is refused rather than sent there.
    await expect(guarded(`http://rebind.test:${port}/second`)).rejects.toThrow(
      /127\.0\.0\.2, a loopback address \(rebind\.test resolves to it\)/,
    );
    expect(calls).toBe(2);
    expect(paths).toEqual(["/first"]);
    guarded.close();
  });

  it("drops every header but the plain ones when a redirect leaves the origin", async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const other = http.createServer((request, response) => {
      seen.push(request.headers);
      response.end("{}");
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    const otherPort = (other.address() as AddressInfo).port;
    const guarded = createGuardedFetch({ policy: () => outboundPolicy("local") });
    await guarded(`http://127.0.0.1:${port}/?to=${encodeURIComponent(`http://127.0.0.1:${otherPort}/`)}`, {
      headers: { authorization: "Bearer secret", "x-api-key": "k", accept: "application/json" },
    });
    expect(seen[0]!.authorization).toBeUndefined();
    expect(seen[0]!["x-api-key"]).toBeUndefined();
    expect(seen[0]!.accept).toBe("application/json");
    guarded.close();
    other.closeAllConnections();
    await new Promise((resolve) => other.close(resolve));
  });
});
