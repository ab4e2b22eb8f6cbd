"use client";

// A server's policy on risky tools, for the tool panel to show what the call pipeline enforces.
import { useEffect, useState } from "react";
import { api } from "@/components/api/client";
import type { ServerPolicy } from "@/lib/domain/tool-policy";

export type ServerPolicyView = { serverId: string; policy: ServerPolicy | null; configuredTrusted: boolean; annotationsTrusted: boolean };

export function useServerPolicy(serverId: string): ServerPolicyView | null {
  const [view, setView] = useState<ServerPolicyView | null>(null);
  useEffect(() => {
    let live = true;
    api("GET /api/servers/:serverId/policy", { params: { serverId } })
      .then((v) => live && setView(v))
      // Without the policy the panel behaves as before; the server still enforces it.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [serverId]);
  return view?.serverId === serverId ? view : null;
}
