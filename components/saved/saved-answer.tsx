"use client";

// What a saved resource read or prompt get answered, drawn as its own page draws it: the
// outcome, then the contents or the conversation.
import type { ReactNode } from "react";
import { FeatureAnswerHeader } from "@/components/features/feature-answer";
import { PromptMessages } from "@/components/features/prompt-messages";
import { ResourceContents } from "@/components/features/resource-contents";
import type { FeatureResponse, GetPromptResult, ReadResourceResult } from "@/lib/domain/server-features";
import type { SavedKind } from "@/lib/domain/saved-shapes";

export function SavedAnswer({
  kind,
  answer,
  serverId,
}: {
  kind: SavedKind;
  answer: FeatureResponse<unknown>;
  serverId: string;
}): ReactNode {
  return (
    <div className="space-y-3" data-testid="saved-answer">
      <FeatureAnswerHeader response={answer} />
      {answer.result !== undefined && kind === "resource_read" && (
        <ResourceContents result={answer.result as ReadResourceResult} serverId={serverId} />
      )}
      {answer.result !== undefined && kind === "prompt_get" && (
        <PromptMessages result={answer.result as GetPromptResult} serverId={serverId} />
      )}
    </div>
  );
}
