// The bootstrap admin's reserved address, and the addresses that would pass for it (issue 43:
// `bootstrap@toolscope.ınvalid`, with a dotless ı, got in through single sign-on).
import { domainToASCII } from "node:url";
import { describe, expect, it } from "vitest";
import { BOOTSTRAP_EMAIL } from "@/lib/domain/reserved-identity";
import { isReservedEmail } from "./reserved-address";

describe("isReservedEmail", () => {
  it("holds the reserved domain in any letter case, with stray spaces or a trailing dot, and its subdomains", () => {
    for (const email of [
      BOOTSTRAP_EMAIL,
      "BOOTSTRAP@Toolscope.Invalid",
      " eve@toolscope.invalid. ",
      "eve@toolscope.invalid..",
      "eve@mail.toolscope.invalid",
    ]) {
      expect(isReservedEmail(email), email).toBe(true);
    }
  });

  it("holds look-alikes: Unicode forms, confusable letters, invisible characters, punycode", () => {
    const lookalikes = [
      "bootstrap@toolscope.ınvalid", // dotless i
      "bootstrap@toolscope.İnvalid", // capital I with a dot above
      "bootstrap@tооlscope.invalid", // Cyrillic о
      "bootstrap@tοοlscope.invalid", // Greek ο
      "bootstrap@toolѕcope.іnvalid", // Cyrillic ѕ and і
      "bootstrap@toolscope.invаlid", // Cyrillic а
      "bootstrap@ｔｏｏｌｓｃｏｐｅ．ｉｎｖａｌｉｄ", // fullwidth
      "bootstrap＠toolscope.invalid", // fullwidth at sign
      "bootstrap@toolscope。invalid", // ideographic full stop
      "bootstrap@𝐭𝐨𝐨𝐥𝐬𝐜𝐨𝐩𝐞.𝐢𝐧𝐯𝐚𝐥𝐢𝐝", // mathematical bold
      "bootstrap@tóólscopé.invalid", // accents
      "bootstrap@tool\u200bscope.inv\u00adalid", // zero-width space, soft hyphen
      "bootstrap@t00lscope.inva1id", // ASCII digits
      "bootstrap@tooIscope.invaIid", // capital I for l
      "bootstrap@tꝏlscope.invalid", // one letter for two
      "bootstrap@тооӏѕсоре.іпѵаӏіԁ", // Cyrillic throughout
      "bootstrap@toolscope.invalid\u3002", // a trailing ideographic full stop
    ];
    for (const email of lookalikes) expect(isReservedEmail(email), email).toBe(true);
    // The same domains as IDNA writes them for DNS (Node's UTS #46), and a punycode label hand-made.
    for (const email of lookalikes.slice(0, 6)) {
      const ascii = domainToASCII(email.slice(email.indexOf("@") + 1));
      expect(ascii).toMatch(/xn--/);
      expect(isReservedEmail(`bootstrap@${ascii}`), ascii).toBe(true);
    }
    expect(isReservedEmail("bootstrap@XN--TLSCOPE-9IGA.INVALID")).toBe(true);
  });

  it("leaves other addresses alone, near ones and international ones included", () => {
    for (const email of [
      "ana@example.com",
      "ana@toolscope.dev",
      "ana@toolscope.invalid.example.com",
      "ana@mytoolscope.invalid",
      "ana@toolscope-invalid.com",
      "toolscope.invalid@example.com",
      "zoé.łukasz.李@example.com",
      "ana@пример.онлайн",
      "ana@παράδειγμα.ελ",
      "ana@مثال.الجزائر",
      "ana@例子.中国",
      "ana@xn--mnchen-3ya.de",
      "ana@xn--toolscope.invalid-garbage!",
      "no-at-sign",
      "",
    ]) {
      expect(isReservedEmail(email), email).toBe(false);
    }
  });
});
