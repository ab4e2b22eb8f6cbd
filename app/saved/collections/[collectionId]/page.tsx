import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { CollectionView } from "@/components/saved/collection-view";
import { pageCaller } from "@/lib/http/page-caller";
import { getCollection } from "@/lib/saved/saved-calls";
import { nullIfNotFound } from "@/lib/errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Collection" };

export default async function CollectionPage({ params }: { params: Promise<{ collectionId: string }> }): Promise<ReactNode> {
  const { collectionId } = await params;
  const found = await getCollection(collectionId, await pageCaller()).catch(nullIfNotFound);
  if (!found) notFound();
  return (
    <div className="h-full overflow-y-auto">
      <CollectionView initial={found.collection} />
    </div>
  );
}
