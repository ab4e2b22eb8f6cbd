import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AppHeader } from "@/components/app-header";
import { ViewerProvider } from "@/components/auth/viewer";
import { CommandPalette } from "@/components/catalog/command-palette";
import { SkipLink } from "@/components/ui/skip-link";
import { AriaRouter } from "@/components/ui/aria-router";
import { THEME_BOOTSTRAP_SCRIPT } from "@/components/ui/theme";
import { sessionState } from "@/lib/auth/session";
import { pageCaller } from "@/lib/http/page-caller";
import { pageNonce } from "@/lib/http/page-nonce";
import { inter, jetbrainsMono } from "./fonts";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Toolscope", template: "%s · Toolscope" },
  description: "Explore, run and audit the tools of MCP servers.",
  icons: { icon: "/icon.svg" },
};

export default async function RootLayout({ children }: { children: ReactNode }): Promise<ReactNode> {
  const viewer = await sessionState(await pageCaller());
  const nonce = await pageNonce();
  return (
    <html lang="en" data-auth-mode={viewer.mode} className={`${inter.variable} ${jetbrainsMono.variable}`} suppressHydrationWarning>
      <head>
        {/* Applies the saved theme before first paint, so dark mode never flashes light. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_BOOTSTRAP_SCRIPT }} />
      </head>
      <body className="flex h-full flex-col font-sans">
        <ViewerProvider viewer={viewer}>
          <AriaRouter>
            <SkipLink />
            <AppHeader viewer={viewer} />
            <main id="main" tabIndex={-1} className="min-h-0 flex-1 outline-none">
              {children}
            </main>
            {viewer.signedIn && <CommandPalette />}
          </AriaRouter>
        </ViewerProvider>
      </body>
    </html>
  );
}
