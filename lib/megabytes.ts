// A byte count as people read limits: "8 MB", "0.06 MB". Client-safe.
export function megabytes(bytes: number): string {
  const value = bytes / 1024 / 1024;
  return `${Number(value.toFixed(value < 1 ? 2 : 1))} MB`;
}
