import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AccountPanel } from "@/components/auth/account-panel";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Account" };

export default function AccountPage(): ReactNode {
  return (
    <div className="h-full overflow-y-auto">
      <AccountPanel />
    </div>
  );
}
