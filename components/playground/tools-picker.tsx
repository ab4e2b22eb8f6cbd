"use client";

// Which tools the model is offered: every one the person's agent sees on /mcp (the default), one
// server's, or a virtual server's (/mcp/{name}), as its agents see it.
import { useCallback, type ReactNode } from "react";
import { INPUT } from "@/components/ui/classes";
import { useApiData } from "@/components/ui/use-api-data";
import { api } from "@/components/api/client";

/** "" for all; `server:<id>`; `virtual:<name>`. */
export type ToolsChoice = string;

export function toolsSettings(choice: ToolsChoice): { servers?: string[]; virtualServer?: string } {
  if (choice.startsWith("server:")) return { servers: [choice.slice(7)] };
  if (choice.startsWith("virtual:")) return { virtualServer: choice.slice(8) };
  return {};
}

type Listing = { servers: { id: string; name: string }[]; virtualServers: { name: string; title?: string }[] };

export function ToolsPicker({ value, onChange }: { value: ToolsChoice; onChange: (choice: ToolsChoice) => void }): ReactNode {
  const load = useCallback(async (): Promise<Listing> => {
    const [servers, virtual] = await Promise.all([
      api("GET /api/servers"),
      api("GET /api/virtual-servers").catch(() => ({ virtualServers: [] })),
    ]);
    return { servers: servers.servers.map(({ id, name }) => ({ id, name })), virtualServers: virtual.virtualServers };
  }, []);
  const { data } = useApiData(load);
  return (
    <label className="text-xs text-muted">
      Tools
      <select
        data-testid="chat-tools"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${INPUT} mt-0.5 max-w-56`}
      >
        <option value="">Every server (as /mcp)</option>
        {data && data.servers.length > 0 && (
          <optgroup label="One server">
            {data.servers.map((server) => (
              <option key={server.id} value={`server:${server.id}`}>
                {server.name}
              </option>
            ))}
          </optgroup>
        )}
        {data && data.virtualServers.length > 0 && (
          <optgroup label="A virtual server">
            {data.virtualServers.map((server) => (
              <option key={server.name} value={`virtual:${server.name}`}>
                {server.title ?? server.name} (/mcp/{server.name})
              </option>
            ))}
          </optgroup>
        )}
      </select>
    </label>
  );
}
