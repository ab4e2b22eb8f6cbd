"use client";

import { Button } from "@/components/ui/button";
import { useState, type ReactNode } from "react";
import type { ServerSnapshot } from "@/lib/domain/mcp-types";
import { jsonRpcSnippet, serverCurl, toolscopeCurl, typescriptSnippet } from "./call-snippets";
import { toolLink } from "./use-link-arguments";
import { Disclosure } from "@/components/ui/disclosure";

const BUTTON =
  "rounded border border-zinc-200 px-2 py-0.5 text-[11px] text-zinc-600 hover:bg-zinc-50 dark:border-zinc-800 dark:text-zinc-400 dark:hover:bg-zinc-900";

/** Copy the call as JSON-RPC, curl or TypeScript, and see the exact request. */
export function CopyCall({
  server,
  tool,
  inputSchema,
  args,
}: {
  server: ServerSnapshot;
  tool: string;
  inputSchema: unknown;
  args: Record<string, unknown>;
}): ReactNode {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (label: string, text: string): Promise<void> => {
    await navigator.clipboard.writeText(text);
    setCopied(label);
    setTimeout(() => setCopied((c) => (c === label ? null : c)), 1500);
  };
  const direct = serverCurl(server.config, server.protocolVersion, tool, args);
  const options: [string, string][] = [
    ["JSON-RPC", jsonRpcSnippet(tool, args)],
    ["curl (Toolscope API)", toolscopeCurl(window.location.origin, server.id, tool, args)],
    ...(direct ? ([["curl (server)", direct]] as [string, string][]) : []),
    ["TypeScript", typescriptSnippet(server.config, tool, args)],
    // A link that opens this tool with these arguments (secrets left out); it never runs by itself.
    ["Link", toolLink(window.location.origin, server.id, tool, args, inputSchema)],
  ];
  return (
    <Disclosure
      className="mt-4 text-xs text-muted"
      triggerClassName="  hover:text-zinc-800 dark:hover:text-zinc-200"
      title={<>JSON-RPC request and copy</>}
    >
      <pre
        tabIndex={0}
        data-testid="jsonrpc-preview"
        className="mt-2 overflow-auto rounded-md bg-zinc-50 p-3 font-mono text-[12px] text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300"
      >
        {options[0]![1]}
      </pre>
      <p className="mt-1 text-[11px]">
        Toolscope sends exactly these params, with its own request id and a progress token in <code>_meta</code>.
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-1.5">
        Copy as
        {options.map(([label, text]) => (
          <Button
            key={label}
            className={BUTTON}
            onPress={() => void copy(label, text)}
            data-testid={`copy-${label.split(" ")[0]!.toLowerCase()}`}
          >
            {copied === label ? "Copied ✓" : label}
          </Button>
        ))}
      </div>
    </Disclosure>
  );
}
