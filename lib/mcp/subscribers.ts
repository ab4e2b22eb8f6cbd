// The listeners of one connection's events: each told in turn, and one that throws is logged
// without keeping the others from hearing.
export class Subscribers<E> {
  private readonly listeners = new Set<(event: E) => void>();

  add(listener: (event: E) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: E): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        console.error("[toolscope] connection listener failed:", error);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
