import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { Presentation } from "@/components/saved/presentation";
import { pageCaller } from "@/lib/http/page-caller";
import { nullIfNotFound } from "@/lib/errors";
import { getCollection } from "@/lib/saved/saved-calls";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Presentation" };

export default async function PresentPage({ params }: { params: Promise<{ collectionId: string }> }): Promise<ReactNode> {
  const { collectionId } = await params;
  const found = await getCollection(collectionId, await pageCaller()).catch(nullIfNotFound);
  if (!found) notFound();
  return <Presentation collection={found.collection} />;
}
