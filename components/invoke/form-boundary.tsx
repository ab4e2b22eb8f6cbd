"use client";

// Keeps a schema RJSF cannot render from taking the page down: the fallback takes over,
// told why.
import { Component, type ReactNode } from "react";

export class FormBoundary extends Component<{ children: ReactNode; fallback: (error: string) => ReactNode }, { error: string | null }> {
  state = { error: null as string | null };
  static getDerivedStateFromError(error: unknown): { error: string } {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
