// What a page that needs a model says when there is none: which variables configure one.
import Link from "next/link";
import type { ReactNode } from "react";
import { ModelSetup } from "@/components/ui/model-setup";
import type { AvailableModels } from "@/lib/domain/playground";

export function NoModels({
  models,
  what = "chat with",
  testId = "chat-no-models",
}: {
  models: AvailableModels;
  what?: string;
  testId?: string;
}): ReactNode {
  return (
    <div data-testid={testId} className="mx-auto max-w-2xl space-y-2 p-6 text-sm">
      <h2 className="font-semibold">No model to {what} yet</h2>
      {models.providers.length === 0 ? (
        <p className="text-muted">
          <ModelSetup withPage />
        </p>
      ) : (
        <p className="text-muted">
          The configured providers list no models. See the{" "}
          <Link href="/models" className="text-indigo-600 underline dark:text-indigo-400">
            Models
          </Link>{" "}
          page.
        </p>
      )}
    </div>
  );
}
