"use client";

import { useEffect, useRef } from "react";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { whenIdle } from "@/app/_components/when-idle";

/**
 * A player's rating history in a group: the conservative rating (μ − 3σ) after each of their rated games, drawn
 * with uPlot like the other charts once the browser has a moment. The page states the current figure in words.
 */
export function RatingChart({ points, label, xLabel }: { points: number[]; label: string; xLabel: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: uPlot | null = null;
    let stopped = false;
    const resize = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height: 200 }));
    const draw = whenIdle(async () => {
      const { default: Plot } = await import("uplot");
      if (stopped) return;
      const dark = window.matchMedia("(prefers-color-scheme: dark)").matches;
      const axis = { stroke: dark ? "#b3b5ab" : "#575c52", grid: { stroke: dark ? "#3d4139" : "#e4dfd2" } };
      const options: uPlot.Options = {
        width: element.clientWidth,
        height: 200,
        scales: { x: { time: false } },
        axes: [
          {
            ...axis,
            label: xLabel,
            labelSize: 22,
            // Whole games only: 1, 2, 3 … (or every 2nd, 5th, 10th … when there are many).
            incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
            values: (_, splits) => splits.map((n) => String(n)),
          },
          { ...axis, size: 44 },
        ],
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        series: [{}, { label, stroke: "#0072B2", width: 2 }],
      };
      chart = new Plot(options, [points.map((_, i) => i + 1), points], element);
      resize.observe(element);
    });
    return () => {
      stopped = true;
      draw.cancel();
      resize.disconnect();
      chart?.destroy();
    };
  }, [points, label, xLabel]);
  return (
    <figure className="score-chart rating-chart" ref={box} role="img" aria-label={label} data-testid="rating-chart" />
  );
}
