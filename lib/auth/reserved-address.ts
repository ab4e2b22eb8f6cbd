import "server-only";
// Whether an address is the bootstrap admin's or passes for it (lib/domain/reserved-identity.ts):
// every path by which an address arrives (single sign-on, an invitation, the command line,
// better-auth's own hooks, a session's account) asks here. Server-side, for Node's IDNA decoder.
import { domainToUnicode } from "node:url";
import { RESERVED_DOMAIN } from "../domain/reserved-identity";

/**
 * Whether an address is Toolscope's own or passes for it: at toolscope.invalid or a subdomain of
 * it, in any letter case, with stray spaces, invisible characters or a trailing dot, in
 * compatibility forms (fullwidth, mathematical letters, ＠), with accents, as punycode (xn--), or
 * spelt with look-alike characters (LOOKALIKES: dotless ı, Cyrillic о, Greek ο, a 1 for an l).
 */
export function isReservedEmail(email: string): boolean {
  const domain = [...foldedDomain(email)];
  const target = RESERVED_DOMAIN;
  // fits[k][j]: the domain from its k-th character on passes for the reserved one from its j-th.
  const fits = Array.from({ length: domain.length + 1 }, () => new Array<boolean>(target.length + 1).fill(false));
  fits[domain.length]![target.length] = true;
  for (let k = domain.length - 1; k >= 0; k--) {
    for (let j = target.length - 1; j >= 0; j--) {
      fits[k]![j] = readings(domain[k]!).some((reading) => target.startsWith(reading, j) && fits[k + 1]![j + reading.length]!);
    }
  }
  // The whole domain, or what follows a dot: a subdomain.
  return fits.some((row, k) => row[0] && (k === 0 || readings(domain[k - 1]!).includes(".")));
}

/**
 * Characters a reader takes for the letters (and dot) of the reserved domain, after folding
 * (below): those of Unicode's confusables (UTS #39) in the Latin, Cyrillic, Greek, Armenian and
 * Coptic scripts, digits of other scripts, small capitals and strokes. An address is refused only
 * when every character of its domain reads as the reserved domain's, in order, so a name in
 * Cyrillic or Greek that merely shares some letters is not.
 */
const LOOKALIKES: Record<string, string> = {
  a: "аɑα⍺",
  c: "сςᴄⲥ",
  d: "ԁɗᑯ",
  e: "еҽ℮",
  i: "ıіɩιɪꙇ",
  l: "1I|ӏǀ׀∣│١۱ⵏΙІӀ",
  n: "ոɴп",
  o: "0оοօᴏⲟסσ०০٥۵๐໐ⵔ",
  oo: "ꝏ",
  p: "рρⲣᴘ",
  s: "ѕꜱƽ",
  t: "тτᴛ",
  v: "νѵᴠ∨٧۷",
  ".": "٠۰ꓸ·",
};
const READINGS = new Map<string, string[]>();
for (const [reading, characters] of Object.entries(LOOKALIKES)) {
  for (const c of characters) READINGS.set(c, [...(READINGS.get(c) ?? []), reading]);
}

/** What one character of a folded domain may be read as. */
function readings(c: string): string[] {
  return [c.toLowerCase(), ...(READINGS.get(c) ?? []), ...(READINGS.get(c.toLowerCase()) ?? [])];
}

/**
 * The domain of an address, compatibility-decomposed (NFKD: what NFKC folds, with accents taken
 * apart), without marks, control, format or invisible characters or spaces, its punycode labels
 * decoded (Node's IDNA) and its trailing dots dropped. Letter case is kept: an I may stand for an l.
 */
function foldedDomain(email: string): string {
  const fold = (text: string): string => text.normalize("NFKD").replace(/[\p{M}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\s]/gu, "");
  const address = fold(email);
  // U+3002 is the ideographic full stop, which IDNA takes for a dot (NFKD made ．and ｡ these two).
  const labels = address
    .slice(address.lastIndexOf("@") + 1)
    .split(/[.\u3002]/)
    .map((label) => (/^xn--/i.test(label) ? fold(domainToUnicode(label) || label) : label));
  while (labels.length > 1 && labels.at(-1) === "") labels.pop();
  return labels.join(".");
}
