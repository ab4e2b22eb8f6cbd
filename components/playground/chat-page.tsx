"use client";

// The playground's page, light to load: the chat itself (the AI SDK's client, and zod with it,
// some 400 KB of script) comes after the page, as an MCP App's frame does, so that no page loads
// zod up front (test/client-bundle.test.ts).
import dynamic from "next/dynamic";
import type { ReactNode } from "react";

const ChatView = dynamic(() => import("./chat-view").then((module) => module.ChatView), {
  ssr: false,
  loading: () => <p className="p-6 text-sm text-muted">Opening the chat…</p>,
});

export function ChatPage(): ReactNode {
  return <ChatView />;
}
