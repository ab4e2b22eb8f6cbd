import type { ReactNode } from "react";
import { ServerOverview } from "@/components/catalog/server-overview";

export default function ServerPage(): ReactNode {
  return <ServerOverview />;
}
