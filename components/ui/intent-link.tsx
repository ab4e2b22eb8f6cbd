"use client";

// next/link that fetches its page ahead when someone reaches for it (the pointer over it, or focus), not
// whenever it is on screen. Every page shows the header's links and a server's tabs: prefetched on sight,
// each page view made the server render a dozen pages nobody opened, at the moment it was serving the
// page's own data (a catalog that had just been listed, issue 49).
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps, FocusEvent, PointerEvent, ReactNode } from "react";

export function IntentLink({
  href,
  onPointerEnter,
  onFocus,
  ...props
}: Omit<ComponentProps<typeof Link>, "href" | "prefetch"> & { href: string }): ReactNode {
  const router = useRouter();
  return (
    <Link
      {...props}
      href={href}
      prefetch={false}
      onPointerEnter={(event: PointerEvent<HTMLAnchorElement>) => {
        router.prefetch(href);
        onPointerEnter?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        router.prefetch(href);
        onFocus?.(event);
      }}
    />
  );
}
