// A suite's pass rate per model over its runs, oldest on the left: a line per model. The history
// table beside it holds the same figures for anyone who does not see the chart.
import type { ReactNode } from "react";
import { passRate, percent, type RunListing } from "@/lib/domain/eval-run-shapes";

const COLOURS = ["#4f46e5", "#059669", "#d97706", "#db2777", "#0891b2", "#7c3aed", "#65a30d", "#dc2626", "#475569", "#0d9488"];
const WIDTH = 640;
const HEIGHT = 180;
const PAD = { left: 36, right: 12, top: 10, bottom: 22 };

export function PassRateChart({ runs }: { runs: readonly RunListing[] }): ReactNode {
  const ordered = [...runs].filter((run) => run.attempted > 0).reverse();
  if (ordered.length < 2) return null;
  const models = [...new Set(ordered.flatMap((run) => run.models))];
  const x = (index: number) => PAD.left + (index * (WIDTH - PAD.left - PAD.right)) / (ordered.length - 1);
  const y = (rate: number) => PAD.top + (1 - rate) * (HEIGHT - PAD.top - PAD.bottom);
  const latest = ordered.at(-1)!;
  const label = `Pass rate per model over ${ordered.length} runs. Latest: ${models
    .map((model) => `${model} ${percent(passRate(latest.summary.byModel[model]))}`)
    .join(", ")}.`;
  return (
    <figure className="mt-3" data-testid="pass-rate-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full max-w-3xl" role="img" aria-label={label}>
        {[0, 0.5, 1].map((rate) => (
          <g key={rate}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(rate)} y2={y(rate)} className="stroke-zinc-200 dark:stroke-zinc-800" />
            <text x={PAD.left - 6} y={y(rate) + 4} textAnchor="end" className="fill-zinc-500 text-[10px]">
              {rate * 100}%
            </text>
          </g>
        ))}
        {models.map((model, m) => {
          const points = ordered.flatMap((run, index) => {
            const rate = passRate(run.summary.byModel[model]);
            return rate === null ? [] : [{ x: x(index), y: y(rate), rate, run }];
          });
          const colour = COLOURS[m % COLOURS.length]!;
          return (
            <g key={model}>
              <polyline points={points.map((p) => `${p.x},${p.y}`).join(" ")} fill="none" stroke={colour} strokeWidth={2} />
              {points.map((p) => (
                <circle key={p.run.id} cx={p.x} cy={p.y} r={3.5} fill={colour}>
                  <title>{`${model}: ${percent(p.rate)} on ${new Date(p.run.startedAt).toLocaleString()}`}</title>
                </circle>
              ))}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-[12px]">
        {models.map((model, m) => (
          <span key={model} className="inline-flex items-center gap-1.5">
            <span aria-hidden className="inline-block h-2 w-4 rounded-sm" style={{ background: COLOURS[m % COLOURS.length] }} />
            {model}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
