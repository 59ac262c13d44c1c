"use client";

import { useEffect, useRef } from "react";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { whenIdle } from "@/app/_components/when-idle";
import { resolveHouseRules, type GameRecord, type GameResult } from "@/lib/rules";

/** Distinct, colour-blind-friendly line colours (Okabe–Ito), in seat order. */
const COLOURS = [
  "#0072B2",
  "#D55E00",
  "#009E73",
  "#CC79A7",
  "#E69F00",
  "#56B4E9",
  "#000000",
  "#F0E442",
  "#999999",
  "#882255",
];

/**
 * The score progression of one game: each player's score after every deal, limpa marked with a dot, deals
 * under trumftvång shaded. The protokoll beside it holds the same figures as a table.
 */
export function ScoreChart({ record, result, label }: { record: GameRecord; result: GameResult; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // The chart's data and options, worked out when it is drawn: its width read as the page hydrates would make the
    // browser lay out at once the protokoll it keeps off the first screen (content-visibility in globals.css).
    const plot = (width: number) => {
      const start = resolveHouseRules(record.variant, record.houseRules).startScore;
      const xs = [0, ...result.deals.map((d) => d.number)];
      const series = record.players.map((p) => [start, ...result.deals.map((d) => d.scores[p]!)]);
      const limpaAt = record.players.map(
        (p) => new Set(result.deals.flatMap((d, i) => (d.limpa.includes(p) ? [i + 1] : []))),
      );
      const compulsion = result.deals.filter((d) => d.trumpCompulsion).map((d) => d.number);
      const dark = window.matchMedia("(prefers-color-scheme: dark)").matches;
      const axis = { stroke: dark ? "#b3b5ab" : "#575c52", grid: { stroke: dark ? "#3d4139" : "#e4dfd2" } };
      const options: uPlot.Options = {
        width,
        height: 240,
        scales: { x: { time: false } },
        axes: [
          { ...axis, incrs: [1, 2, 5, 10, 20, 50] },
          { ...axis, size: 44, incrs: [1, 2, 5, 10, 20, 50, 100] },
        ],
        legend: { live: false },
        cursor: { drag: { x: false, y: false } },
        series: [
          {},
          ...record.players.map((p, i) => ({
            label: p,
            stroke: COLOURS[i % COLOURS.length],
            width: 2,
            points: { show: true, size: 7, filter: (_: uPlot, s: number) => [...limpaAt[s - 1]!] },
          })),
        ],
        hooks: {
          drawClear: [
            (u: uPlot) => {
              // Shade the deals played under trumftvång.
              const ctx = u.ctx;
              ctx.save();
              // Trumftvång's amber (globals.css --compulsion), apart from the limpa's red.
              ctx.fillStyle = dark ? "rgba(232,176,74,0.18)" : "rgba(122,78,0,0.1)";
              for (const n of compulsion) {
                const left = u.valToPos(n - 0.5, "x", true);
                const right = u.valToPos(n + 0.5, "x", true);
                ctx.fillRect(left, u.bbox.top, right - left, u.bbox.height);
              }
              ctx.restore();
            },
          ],
        },
      };
      return { options, data: [xs, ...series] as uPlot.AlignedData };
    };
    // Drawn when it comes near the screen, once the browser has a moment: the chart's library loads then, not with
    // the page (below a long protokoll the chart may never be looked at, and the protokoll shows the same figures).
    let chart: uPlot | null = null;
    let stopped = false;
    const resize = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height: 240 }));
    let draw: { cancel(): void } | null = null;
    const near = new IntersectionObserver(
      (seen) => {
        if (!seen.some((s) => s.isIntersecting) || draw) return;
        near.disconnect();
        draw = whenIdle(async () => {
          const { default: Plot } = await import("uplot");
          if (stopped) return;
          const { options, data } = plot(element.clientWidth);
          chart = new Plot(options, data, element);
          resize.observe(element);
        });
      },
      { rootMargin: "400px 0px" },
    );
    near.observe(element);
    return () => {
      stopped = true;
      near.disconnect();
      draw?.cancel();
      resize.disconnect();
      chart?.destroy();
    };
  }, [record, result]);
  return <figure className="score-chart" ref={box} role="img" aria-label={label} data-testid="score-chart" />;
}
