// What a server offers besides tools, as Toolscope passes it to the page: its resources,
// resource templates and prompts, and what a read or a get answers. Client-safe.
import type {
  CompleteRequest,
  CompleteResult,
  GetPromptResult,
  ListResourceTemplatesResult,
  Prompt,
  ReadResourceResult,
  Resource,
} from "@modelcontextprotocol/client";
import type { InvocationStatus } from "./mcp-types";

export type ResourceTemplate = ListResourceTemplatesResult["resourceTemplates"][number];
export type { CompleteResult, GetPromptResult, Prompt, ReadResourceResult, Resource };
/** What completion/complete is asked: the prompt or template, the argument and its value so far, the arguments given before. */
export type CompletionParams = Pick<CompleteRequest["params"], "ref" | "argument" | "context">;

/** `supported` is false when the server did not declare the capability (then nothing was asked). */
export type ResourceCatalog = {
  supported: boolean;
  resources: Resource[];
  templates: ResourceTemplate[];
  /** More pages or items than Toolscope lists: the rest are left out. */
  truncated: boolean;
};

export type PromptCatalog = { supported: boolean; prompts: Prompt[]; truncated: boolean };

/** What a resource read or a prompt get answers: the outcome, and the server's result or the error. */
export type FeatureResponse<R> = {
  status: InvocationStatus;
  result?: R;
  error?: { code?: number; message: string; data?: unknown };
  durationMs: number;
  auditId: string;
  protocolVersion: string | null;
};

export type ResourceReadResponse = FeatureResponse<ReadResourceResult>;
export type PromptGetResponse = FeatureResponse<GetPromptResult>;
export type CompletionResponse = FeatureResponse<CompleteResult>;
