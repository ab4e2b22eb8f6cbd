// What went wrong, said where it happened: one look and one live region for every screen's error.
import type { ReactNode } from "react";
import { ERROR_NOTE } from "./classes";

export function ErrorNote({
  message,
  className = "",
  testId,
}: {
  message: string | null | undefined;
  className?: string;
  testId?: string;
}): ReactNode {
  if (!message) return null;
  return (
    <p role="alert" className={`${ERROR_NOTE} ${className}`.trim()} data-testid={testId}>
      {message}
    </p>
  );
}
