// How long ago an instant was, in the words the pages use: "just now", "12 s ago", "3 min ago".
export function timeAgo(ms: number, precise = false): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < (precise ? 1 : 5)) return "just now";
  if (s < 60) return precise ? `${s} s ago` : `${s}s ago`;
  const m = Math.round(s / 60);
  return m < 60 ? (precise ? `${m} min ago` : `${m}m ago`) : `${Math.round(m / 60)}h ago`;
}
