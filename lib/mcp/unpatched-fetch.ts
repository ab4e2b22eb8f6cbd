import "server-only";
// The fetch MCP transports use. Next replaces globalThis.fetch with a wrapper that traces
// and may cache fetches made while a page or route renders; MCP messages must never be
// cached, and the wrapper's bookkeeping is paid on every message. So transports call the
// fetch Node ships, looked up per call because Next may patch after this module loads.
type PatchedFetch = typeof fetch & { _nextOriginalFetch?: typeof fetch };

export const unpatchedFetch: typeof fetch = (input, init) => {
  const current = globalThis.fetch as PatchedFetch;
  return (current._nextOriginalFetch ?? current)(input, init);
};
