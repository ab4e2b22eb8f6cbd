"use client";

// React Aria's links (a menu item with an href, say) navigate through Next's router, as a
// <Link> does, instead of loading the whole page again.
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { RouterProvider } from "react-aria-components";

declare module "react-aria-components" {
  interface RouterConfig {
    routerOptions: NonNullable<Parameters<ReturnType<typeof useRouter>["push"]>[1]>;
  }
}

export function AriaRouter({ children }: { children: ReactNode }): ReactNode {
  const router = useRouter();
  return <RouterProvider navigate={(href, options) => router.push(href, options)}>{children}</RouterProvider>;
}
