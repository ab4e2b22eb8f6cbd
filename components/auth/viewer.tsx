"use client";

// Who is looking at the page, for the client components that hide what the person may not do
// (the server enforces it regardless: lib/auth/authorize.ts).
import { createContext, useContext, type ReactNode } from "react";
import type { Permission } from "@/lib/domain/roles";
import type { SessionState } from "@/lib/auth/session-state";

const ViewerContext = createContext<SessionState | null>(null);

export function ViewerProvider({ viewer, children }: { viewer: SessionState; children: ReactNode }): ReactNode {
  return <ViewerContext.Provider value={viewer}>{children}</ViewerContext.Provider>;
}

export function useViewer(): SessionState | null {
  return useContext(ViewerContext);
}

/** Whether the viewer may do this; true when no viewer is known (the server decides). */
export function useCan(permission: Permission): boolean {
  const viewer = useContext(ViewerContext);
  return viewer === null || viewer.permissions.includes(permission);
}
