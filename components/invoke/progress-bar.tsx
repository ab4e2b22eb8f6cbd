import type { ReactNode } from "react";
import type { Progress } from "./run-tool";

/** A call in flight: determinate when the server sent a total, otherwise an indeterminate shimmer. */
export function ProgressBar({ progress, elapsedMs }: { progress: Progress | null; elapsedMs: number }): ReactNode {
  const fraction = progress?.total ? Math.min(1, progress.progress / progress.total) : undefined;
  return (
    <div
      className="mt-4 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
      data-testid="progress"
      role="status"
      aria-live="polite"
    >
      <div className="flex items-center justify-between text-xs text-muted">
        <span data-testid="progress-message">{progress?.message ?? (progress ? `Progress ${progress.progress}` : "Running…")}</span>
        <span className="font-mono">
          {fraction !== undefined && `${Math.round(fraction * 100)} % · `}
          {(elapsedMs / 1000).toFixed(1)} s
        </span>
      </div>
      <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800">
        {fraction !== undefined ? (
          <div
            className="h-full rounded-full bg-indigo-500 transition-[width] duration-300"
            style={{ width: `${fraction * 100}%` }}
            data-testid="progress-fill"
          />
        ) : (
          <div className="h-full w-1/3 animate-pulse rounded-full bg-indigo-400/70" />
        )}
      </div>
    </div>
  );
}
