import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AllServersCatalog } from "@/components/catalog/all-servers-catalog";

export const metadata: Metadata = { title: "All servers" };

export default function AllToolsPage(): ReactNode {
  return <AllServersCatalog />;
}
