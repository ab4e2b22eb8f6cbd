// The notes board: a small MCP App (the io.modelcontextprotocol/ui extension) that the
// demo server serves as a ui:// resource. Self-contained: no network, no libraries. It speaks
// the extension's JSON-RPC dialect over postMessage by hand (ui/initialize, the tool input and
// result notifications, tools/call through the host), draws notes per tag as bars, and adds a
// note through the host with create_note, then refreshes with the app-only tool board_data.
// It follows the host's theme (hostContext.theme, at start and when the host says it changed).
export const NOTES_BOARD_URI = "ui://demo/notes-board.html";
export const MCP_APP_MIME_TYPE = "text/html;profile=mcp-app";

const SCRIPT = String.raw`
const pending = new Map();
let nextId = 1;
const send = (message) => window.parent.postMessage({ jsonrpc: "2.0", ...message }, "*");
const request = (method, params) =>
  new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    send({ id, method, params });
  });
const status = document.getElementById("status");
const bars = document.getElementById("bars");

function draw(data) {
  bars.replaceChildren();
  const entries = Object.entries((data && data.byTag) || {}).sort((a, b) => b[1] - a[1]);
  const max = Math.max(1, ...entries.map((e) => e[1]));
  for (const [tag, count] of entries) {
    const row = document.createElement("div");
    row.className = "row";
    row.dataset.tag = tag;
    const label = document.createElement("span");
    label.className = "label";
    label.textContent = tag;
    const bar = document.createElement("span");
    bar.className = "bar";
    bar.style.width = (count / max) * 100 + "%";
    const value = document.createElement("span");
    value.className = "value";
    value.textContent = String(count);
    row.append(label, bar, value);
    bars.append(row);
  }
  const total = ((data && data.notes) || []).length;
  document.getElementById("total").textContent = total + (total === 1 ? " note" : " notes");
  window.parent.postMessage(
    { jsonrpc: "2.0", method: "ui/notifications/size-changed", params: { height: Math.ceil(document.body.getBoundingClientRect().height) + 24 } },
    "*",
  );
}

window.addEventListener("message", (event) => {
  if (event.source !== window.parent) return;
  const message = event.data;
  if (!message || message.jsonrpc !== "2.0") return;
  if (message.id !== undefined && pending.has(message.id) && !message.method) {
    const { resolve, reject } = pending.get(message.id);
    pending.delete(message.id);
    if (message.error) reject(new Error(message.error.message));
    else resolve(message.result);
    return;
  }
  if (message.method === "ui/notifications/tool-result") draw(message.params && message.params.structuredContent);
  else if (message.method === "ui/notifications/host-context-changed") followTheme(message.params);
  else if (message.method === "ui/resource-teardown" && message.id !== undefined) send({ id: message.id, result: {} });
  else if (message.id !== undefined && message.method) send({ id: message.id, error: { code: -32601, message: "Not supported" } });
});

// The host's light or dark, rather than the system's (color-scheme: light dark otherwise).
function followTheme(context) {
  const theme = context && context.theme;
  if (theme !== "light" && theme !== "dark") return;
  document.documentElement.style.colorScheme = theme;
  document.documentElement.dataset.theme = theme;
}

async function refresh() {
  const result = await request("tools/call", { name: "board_data", arguments: {} });
  draw(result.structuredContent);
}

// The host's sandbox allows no form submission: a button and the Enter key instead.
async function add() {
  const title = document.getElementById("title").value.trim();
  const tag = document.getElementById("tag").value.trim();
  if (!title) return;
  status.textContent = "Adding…";
  try {
    const result = await request("tools/call", { name: "create_note", arguments: { title, tags: tag ? [tag] : [] } });
    if (result.isError) throw new Error((result.content[0] && result.content[0].text) || "The tool failed");
    status.textContent = (result.content[0] && result.content[0].text) || "Added.";
    document.getElementById("title").value = "";
    await refresh();
  } catch (error) {
    status.textContent = "Could not add the note: " + error.message;
  }
}
document.getElementById("add-button").addEventListener("click", add);
for (const id of ["title", "tag"])
  document.getElementById(id).addEventListener("keydown", (event) => event.key === "Enter" && add());

request("ui/initialize", {
  appInfo: { name: "notes-board", version: "1.0.0" },
  appCapabilities: {},
  protocolVersion: "2026-01-26",
}).then(
  (result) => {
    followTheme(result && result.hostContext);
    send({ method: "ui/notifications/initialized", params: {} });
  },
  (error) => (status.textContent = "The host refused to start the app: " + error.message),
);
`;

const STYLE = `
  :root { color-scheme: light dark; font: 13px/1.4 system-ui, sans-serif; }
  body { margin: 0; padding: 12px 14px; }
  h1 { font-size: 14px; margin: 0 0 8px; }
  #total { color: #71717a; font-weight: normal; margin-left: 6px; }
  .row { display: grid; grid-template-columns: 90px 1fr 28px; align-items: center; gap: 8px; margin: 4px 0; }
  .label { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .bar { height: 12px; border-radius: 3px; background: #6366f1; min-width: 2px; }
  .value { text-align: right; font-variant-numeric: tabular-nums; }
  .add { display: flex; gap: 6px; margin-top: 12px; }
  input { flex: 1; min-width: 0; padding: 4px 6px; border: 1px solid #a1a1aa; border-radius: 4px; font: inherit; }
  button { padding: 4px 10px; border: 0; border-radius: 4px; background: #4f46e5; color: white; font: inherit; cursor: pointer; }
  #status { color: #71717a; min-height: 1.4em; margin: 6px 0 0; }
`;

export const NOTES_BOARD_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Notes board</title><style>${STYLE}</style></head>
<body>
  <h1>Notes by tag<span id="total"></span></h1>
  <div id="bars" data-testid="board-bars"></div>
  <div class="add">
    <input id="title" placeholder="New note" aria-label="New note's title">
    <input id="tag" placeholder="Tag" aria-label="Tag">
    <button type="button" id="add-button">Add note</button>
  </div>
  <p id="status" role="status"></p>
  <script>${SCRIPT}</script>
</body>
</html>`;
