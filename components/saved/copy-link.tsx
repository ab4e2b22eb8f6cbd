"use client";

import type { ReactNode } from "react";
import { CopyButton } from "@/components/ui/copy-button";

/** Copies this page's address, to share it with people who may open it. */
export function CopyLink({ className }: { className?: string }): ReactNode {
  return <CopyButton text={() => window.location.href} label="Copy link" testId="copy-page-link" {...(className ? { className } : {})} />;
}
