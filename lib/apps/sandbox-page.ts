// The sandbox page of MCP Apps: served from Toolscope's second origin (lib/apps/sandbox-server.ts),
// framed by a tool's page, it loads the app's HTML into an inner frame that has no origin at
// all (sandbox="allow-scripts", no allow-same-origin) and relays the extension's JSON-RPC
// messages between that frame and the page, and nowhere else: messages are taken only from
// the page's origin (the `host` parameter) and from the inner frame.
const RELAY = String.raw`
(() => {
  const host = new URLSearchParams(location.search).get("host");
  if (!host || window.parent === window) return;
  let inner = null;
  window.addEventListener("message", (event) => {
    const message = event.data;
    if (inner && event.source === inner.contentWindow) {
      window.parent.postMessage(message, host);
      return;
    }
    if (event.source !== window.parent || event.origin !== host) return;
    if (message && message.method === "ui/notifications/sandbox-resource-ready") {
      if (inner) return;
      const params = message.params || {};
      inner = document.createElement("iframe");
      // Scripts only: no same origin, no top navigation, no popups, no forms.
      inner.setAttribute("sandbox", "allow-scripts");
      inner.setAttribute("title", "MCP App");
      inner.srcdoc = String(params.html || "");
      document.body.appendChild(inner);
      return;
    }
    if (inner && inner.contentWindow) inner.contentWindow.postMessage(message, "*");
  });
  window.parent.postMessage({ jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} }, host);
})();
`;

export const SANDBOX_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Toolscope app sandbox</title>
<style>html, body { margin: 0; height: 100%; background: transparent; } iframe { border: 0; width: 100%; height: 100%; display: block; }</style>
</head>
<body><script>${RELAY}</script></body>
</html>`;
