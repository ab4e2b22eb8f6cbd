// The identity the bootstrap token (TOOLSCOPE_API_TOKEN) signs browsers in as. It is Toolscope's
// own row, not a person: nobody may hold its address, whatever path they come by (single sign-on,
// an invitation, the command line). Who is the bootstrap admin is decided by how a caller
// authenticated (lib/auth/identify.ts), never by this address. Pure, so every path can share it.

/** The bootstrap account's address. `.invalid` is reserved (RFC 2606): no mailbox can have it. */
export const BOOTSTRAP_EMAIL = "bootstrap@toolscope.invalid";

const RESERVED_DOMAIN = "toolscope.invalid";

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
 * decoded and its trailing dots dropped. Letter case is kept: an I may stand for an l.
 */
function foldedDomain(email: string): string {
  const fold = (text: string): string => text.normalize("NFKD").replace(/[\p{M}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\s]/gu, "");
  const address = fold(email);
  // U+3002 is the ideographic full stop, which IDNA takes for a dot (NFKD made ．and ｡ these two).
  const labels = address
    .slice(address.lastIndexOf("@") + 1)
    .split(/[.\u3002]/)
    .map((label) => (/^xn--/i.test(label) ? fold(decodePunycode(label.slice(4)) ?? label) : label));
  while (labels.length > 1 && labels.at(-1) === "") labels.pop();
  return labels.join(".");
}

/** RFC 3492's decoding of one label's punycode (after its xn--); undefined when it is not valid punycode. */
export function decodePunycode(input: string): string | undefined {
  const BASE = 36;
  const [T_MIN, T_MAX, SKEW, DAMP] = [1, 26, 38, 700];
  // A DNS label has at most 63 characters; longer input is not a label, and could overflow below.
  if (input.length > 63) return undefined;
  const delimiter = input.lastIndexOf("-");
  const output = [...input.slice(0, Math.max(delimiter, 0))].map((c) => c.codePointAt(0)!);
  if (output.some((c) => c > 0x7f)) return undefined;
  // Punycode's digits: a–z are 0–25 (either case), 0–9 are 26–35.
  const digit = (c: string | undefined): number => (c === undefined ? -1 : "abcdefghijklmnopqrstuvwxyz0123456789".indexOf(c.toLowerCase()));
  const adapt = (delta: number, points: number, first: boolean): number => {
    delta = first ? Math.floor(delta / DAMP) : delta >> 1;
    delta += Math.floor(delta / points);
    let k = 0;
    for (; delta > ((BASE - T_MIN) * T_MAX) >> 1; k += BASE) delta = Math.floor(delta / (BASE - T_MIN));
    return k + Math.floor(((BASE - T_MIN + 1) * delta) / (delta + SKEW));
  };
  let [n, bias, i] = [0x80, 72, 0];
  for (let position = delimiter > 0 ? delimiter + 1 : 0; position < input.length;) {
    const before = i;
    for (let weight = 1, k = BASE; ; k += BASE) {
      const d = digit(input[position++]);
      if (d < 0) return undefined;
      i += d * weight;
      const threshold = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (d < threshold) break;
      weight *= BASE - threshold;
      if (i > 0x10ffff * 64 || weight > 0x10ffff * 64) return undefined;
    }
    bias = adapt(i - before, output.length + 1, before === 0);
    n += Math.floor(i / (output.length + 1));
    i %= output.length + 1;
    if (n > 0x10ffff) return undefined;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}

export const RESERVED_EMAIL_MESSAGE = `Addresses at ${RESERVED_DOMAIN} are reserved by Toolscope for its bootstrap admin; nobody may sign in or be invited with one.`;
