"use client";

// The home page's way in: the add-server form with its paste box open, and once a server is
// saved, straight to its catalog (several pasted at once: to the servers page).
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { ServerForm } from "@/components/servers/server-form";

export function AddServerHere(): ReactNode {
  const router = useRouter();
  return (
    <ServerForm
      onSaved={(id) => router.push(id ? `/servers/${encodeURIComponent(id)}` : "/servers")}
      onCancel={() => router.push("/servers")}
    />
  );
}
