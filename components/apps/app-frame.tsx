"use client";

// A tool's MCP App (issue 18), rendered safely: its HTML runs in a frame inside Toolscope's
// sandbox page, on a second origin (lib/apps/sandbox-server.ts), under the CSP the resource
// declares. The extension's official host SDK (AppBridge) speaks to it; tool input and results
// reach the app, its tool calls go through the page's call path (audited, policies, confirmation),
// and a link it wants opened is opened only if the person agrees.
// First: zod must know that eval is off before the host SDK's schemas are built (zod-jitless.ts).
import { Button } from "@/components/ui/button";
import "@/components/ui/zod-jitless";
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "@/components/ui/classes";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { api } from "@/components/api/client";
import { ApiError } from "@/lib/client/fetch-json";
import type { ToolApp } from "@/lib/apps/app-resource";
import type { CallToolResult, Tool } from "@/lib/domain/mcp-types";

const MIN_HEIGHT = 120;
const MAX_HEIGHT = 1600;

export type AppToolCall = (name: string, args: Record<string, unknown>) => Promise<CallToolResult>;

export function AppFrame({
  serverId,
  tool,
  input,
  result,
  callTool,
}: {
  serverId: string;
  tool: Tool;
  /** The arguments of the call whose result is shown, once there is one. */
  input: Record<string, unknown> | null;
  result: CallToolResult | null;
  callTool: AppToolCall;
}): ReactNode {
  const [app, setApp] = useState<ToolApp | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [height, setHeight] = useState(240);
  const [link, setLink] = useState<{ url: string; answer: (open: boolean) => void } | null>(null);
  const bridge = useRef<AppBridge | null>(null);
  const ready = useRef(false);
  const asking = useRef(false);
  const latest = useRef({ input, result, callTool });

  useEffect(() => {
    // The page keys this component by tool: a new tool is a new component.
    let live = true;
    api("GET /api/servers/:serverId/tools/:toolName/app", { params: { serverId, toolName: tool.name } }).then(
      (loaded) => live && setApp(loaded),
      (e: unknown) => live && setError(e instanceof ApiError ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [serverId, tool.name]);

  const send = useCallback(() => {
    const current = bridge.current;
    if (!current || !ready.current) return;
    const { input, result } = latest.current;
    if (input) void current.sendToolInput({ arguments: input });
    if (result) void current.sendToolResult(result);
  }, []);

  // The bridge is made before the sandbox page loads, so its first message is not missed.
  const attach = useCallback(
    (frame: HTMLIFrameElement | null) => {
      if (!frame || !app || bridge.current || !frame.contentWindow) return;
      const host = new AppBridge(
        null,
        { name: "Toolscope", version: "1.0.0" },
        { openLinks: {}, serverTools: {}, logging: {} },
        { hostContext: hostContext(tool) },
      );
      host.addEventListener("sandboxready", () => {
        void host.sendSandboxResourceReady({ html: app.html, csp: app.csp, sandbox: "allow-scripts" });
      });
      host.addEventListener("initialized", () => {
        ready.current = true;
        // The theme may have changed while the app started: sent only if it did.
        host.setHostContext(hostContext(tool));
        send();
      });
      host.addEventListener("sizechange", ({ height: asked }) => {
        if (typeof asked === "number") setHeight(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(asked))));
      });
      host.oncalltool = async (params) => latest.current.callTool(params.name, params.arguments ?? {});
      host.onopenlink = ({ url }) =>
        new Promise((resolve) => {
          // One question at a time; a second request while one is asked is refused.
          if (asking.current) return resolve({ isError: true });
          asking.current = true;
          setLink({
            url,
            answer: (open) => {
              asking.current = false;
              setLink(null);
              if (open) window.open(url, "_blank", "noopener,noreferrer");
              resolve(open ? {} : { isError: true });
            },
          });
        });
      bridge.current = host;
      void host.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
      frame.src = `${app.sandboxUrl}?host=${encodeURIComponent(window.location.origin)}&csp=${encodeURIComponent(JSON.stringify(app.csp))}`;
    },
    [app, tool, send],
  );

  // The app follows Toolscope's theme when the person switches it:
  // the bridge sends ui/notifications/host-context-changed with the new theme.
  useEffect(() => {
    const root = document.documentElement;
    let shown = theme();
    const observer = new MutationObserver(() => {
      if (theme() === shown) return;
      shown = theme();
      if (ready.current) bridge.current?.setHostContext(hostContext(tool));
    });
    observer.observe(root, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
  }, [tool]);

  // A new result (the form ran the tool again) reaches the app already running.
  useEffect(() => {
    latest.current = { input, result, callTool };
    send();
  }, [input, result, callTool, send]);

  useEffect(
    () => () => {
      void bridge.current?.close();
      bridge.current = null;
      ready.current = false;
    },
    [],
  );

  if (error)
    return (
      <p
        role="alert"
        data-testid="app-error"
        className="rounded-md border border-rose-200 bg-rose-50 p-2.5 text-[13px] text-rose-700 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-300"
      >
        The tool&apos;s app cannot be shown: {error}
      </p>
    );
  return (
    <section
      aria-label="The tool's app"
      data-testid="app-view"
      className="overflow-hidden rounded-lg border border-zinc-200 dark:border-zinc-800"
    >
      <header className="flex items-center gap-2 border-b border-zinc-200 px-3 py-1.5 text-[11px] text-muted dark:border-zinc-800">
        <span className="font-medium tracking-wide uppercase">App</span>
        <code className="truncate font-mono">{app?.resourceUri ?? "loading…"}</code>
        <span className="ml-auto" title="The app runs on Toolscope's sandbox origin, with no access to this page">
          sandboxed
        </span>
      </header>
      {app && (
        <iframe
          key={`${serverId}/${tool.name}`}
          ref={attach}
          title={`${tool.name}'s app`}
          data-testid="app-frame"
          // The sandbox page needs its own origin (to frame the app); the app's frame inside has none.
          sandbox="allow-scripts allow-same-origin"
          referrerPolicy="no-referrer"
          style={{ height }}
          className="block w-full bg-white dark:bg-zinc-950"
        />
      )}
      {link && (
        <ModalDialog
          role="alertdialog"
          title="Open a link from the app?"
          onClose={() => link.answer(false)}
          testId="app-link-dialog"
          width="w-[480px]"
        >
          <p className="mt-2 text-[13px] break-all text-zinc-600 dark:text-zinc-300">
            <code className="font-mono">{link.url}</code>
          </p>
          <p className="mt-1 text-xs text-muted">It opens in a new tab, without this page as its opener.</p>
          <div className="mt-4 flex justify-end gap-2">
            <Button className={BUTTON_SECONDARY} onPress={() => link.answer(false)} data-testid="app-link-cancel">
              Don&apos;t open
            </Button>
            <Button className={BUTTON_PRIMARY} onPress={() => link.answer(/^https?:\/\//i.test(link.url))} data-testid="app-link-open">
              Open
            </Button>
          </div>
        </ModalDialog>
      )}
    </section>
  );
}

function hostContext(tool: Tool) {
  return { toolInfo: { tool }, displayMode: "inline" as const, availableDisplayModes: ["inline" as const], theme: theme() };
}

function theme(): "light" | "dark" {
  return typeof document !== "undefined" && document.documentElement.classList.contains("dark") ? "dark" : "light";
}
