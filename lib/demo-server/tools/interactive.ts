// Tools that talk back while or before they run: progress notifications, a request for
// user input (elicitation, or input_required on 2026-07-28), and a change to the tool
// list itself (list_changed).
import { acceptedContent, inputRequired, inputResponse } from "@modelcontextprotocol/server";
import { text, type DemoTool } from "../types";

export const BONUS_TOOL_NAME = "bonus_tool";

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

export const interactiveTools: DemoTool[] = [
  {
    definition: {
      name: "slow_task",
      title: "Slow task with progress",
      description: "Works through a number of steps, sending a progress notification after each. Can be cancelled.",
      inputSchema: {
        type: "object",
        properties: {
          steps: { type: "integer", minimum: 1, maximum: 100, default: 5 },
          stepMs: { type: "integer", minimum: 10, maximum: 5000, default: 400, description: "Milliseconds per step" },
        },
      },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    run: async (args, { ctx, progress }) => {
      const steps = Number(args.steps ?? 5);
      const stepMs = Number(args.stepMs ?? 400);
      for (let step = 1; step <= steps; step++) {
        await sleep(stepMs, ctx.mcpReq.signal);
        await progress(step, steps, `Step ${step} of ${steps}`);
      }
      return text(`Finished ${steps} steps in about ${steps * stepMs} ms.`);
    },
  },
  {
    definition: {
      name: "confirm_action",
      title: "Ask for confirmation",
      description: "Asks the user for input through elicitation (input_required on 2026-07-28) before it acts.",
      inputSchema: { type: "object", properties: { action: { type: "string", default: "deploy to staging" } } },
      annotations: { destructiveHint: false, openWorldHint: false },
    },
    run: (args, { ctx }) => {
      const action = String(args.action ?? "deploy to staging");
      const answer = inputResponse(ctx.mcpReq.inputResponses, "confirm");
      if (answer.kind === "missing") {
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({
              message: `Do you want to ${action}?`,
              requestedSchema: {
                type: "object",
                properties: {
                  confirm: { type: "boolean", title: "Confirm", default: false },
                  reason: { type: "string", title: "Reason", description: "Why (optional)" },
                  urgency: { type: "string", title: "Urgency", enum: ["low", "normal", "high"], default: "normal" },
                },
                required: ["confirm"],
              },
            }),
          },
        });
      }
      const content = acceptedContent(ctx.mcpReq.inputResponses, "confirm");
      if (answer.kind !== "elicit" || answer.action !== "accept" || !content) {
        return text(`The user chose to ${answer.kind === "elicit" ? answer.action : "ignore"} the request; nothing was done.`);
      }
      return text(
        content.confirm === true
          ? `Confirmed: ${action} (urgency ${String(content.urgency ?? "normal")}).`
          : `Not confirmed; did not ${action}.`,
      );
    },
  },
  {
    definition: {
      name: "toggle_bonus_tool",
      title: "Add or remove a tool",
      description: `Adds the tool "${BONUS_TOOL_NAME}" (with a bonus resource and prompt) if it is missing, removes them if present, and notifies clients with the list_changed notifications of tools, resources and prompts.`,
      inputSchema: { type: "object", additionalProperties: false },
      annotations: { destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    run: (_args, { catalog }) => text(catalog.toggleBonusTool() ? `Added ${BONUS_TOOL_NAME}.` : `Removed ${BONUS_TOOL_NAME}.`),
  },
];

export const bonusTool: DemoTool = {
  definition: {
    name: BONUS_TOOL_NAME,
    title: "Bonus tool",
    description: "Appears and disappears when toggle_bonus_tool runs.",
    inputSchema: { type: "object", properties: { n: { type: "integer", default: 1 } } },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  run: (args) => text(`Bonus ${String(args.n ?? 1)}`),
};
