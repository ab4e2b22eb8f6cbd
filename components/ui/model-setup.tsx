// How an operator gives Toolscope a model, in words: said wherever a person finds none (the chat,
// a server's sampling setting). The variables are lib/models/providers.ts's; the Models page adds
// providers in the UI.
import type { ReactNode } from "react";

export function ModelSetup({ withPage = false }: { withPage?: boolean }): ReactNode {
  return (
    <>
      Toolscope reads the variables every SDK reads when it starts: <code>OPENAI_API_KEY</code> (with <code>OPENAI_BASE_URL</code> for any
      endpoint that speaks OpenAI&apos;s chat completions: Ollama, vLLM, LM Studio, llama.cpp), <code>ANTHROPIC_API_KEY</code> or{" "}
      <code>GOOGLE_GENERATIVE_AI_API_KEY</code>: set one and start Toolscope again.
      {withPage && (
        <>
          {" "}
          Or add a provider on the {/* A plain link: this sentence is also drawn where Next's router is not (component tests). */}
          <a href="/models" className="text-indigo-600 underline dark:text-indigo-400">
            Models
          </a>{" "}
          page.
        </>
      )}
    </>
  );
}
