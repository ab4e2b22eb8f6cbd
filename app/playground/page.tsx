import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ChatPage } from "@/components/playground/chat-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Chat" };

/** A person's chat with a model about the servers' tools (components/playground). */
export default function PlaygroundPage(): ReactNode {
  return <ChatPage />;
}
