import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ChatView } from "@/components/playground/chat-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Chat" };

/** A person's chat with a model about the servers' tools (components/playground). */
export default function PlaygroundPage(): ReactNode {
  return <ChatView />;
}
