"use client";

import { useEffect, useRef } from "react";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { whenIdle } from "@/app/_components/when-idle";
import { useI18n } from "@/lib/i18n/client";
import { intlLocale } from "@/lib/i18n/format";

/** The least span of the rating axis: a flat history reads as flat, not as a climb of hundredths. */
const LEAST_SPAN = 4;

/**
 * A player's rating history in a group: the conservative rating (μ − 3σ) after each of their rated games, drawn
 * with uPlot like the other charts once the browser has a moment. The page states the current figure in words.
 */
export function RatingChart({ points, label, xLabel }: { points: number[]; label: string; xLabel: string }) {
  const box = useRef<HTMLDivElement>(null);
  const { locale } = useI18n();
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
      const number = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 1 });
      const options: uPlot.Options = {
        width: element.clientWidth,
        height: 200,
        scales: {
          x: { time: false },
          y: {
            range: (_, min, max) => {
              const middle = (min + max) / 2;
              const half = Math.max(((max - min) / 2) * 1.1, LEAST_SPAN / 2);
              return [Math.floor(middle - half), Math.ceil(middle + half)];
            },
          },
        },
        axes: [
          {
            ...axis,
            label: xLabel,
            labelSize: 22,
            // Whole games only: 1, 2, 3 … (or every 2nd, 5th, 10th … when there are many).
            incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
            values: (_, splits) => splits.map((n) => String(n)),
          },
          {
            ...axis,
            // Whole or half points, written as the reader writes numbers ("−1,5"), the axis as wide as its labels.
            incrs: [0.5, 1, 2, 5, 10, 20, 50, 100],
            values: (_, splits) => splits.map((n) => number.format(n)),
            size: (_, values) => 16 + 8 * Math.max(3, ...(values ?? []).map((v) => v.length)),
          },
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
  }, [points, label, xLabel, locale]);
  return (
    <figure className="score-chart rating-chart" ref={box} role="img" aria-label={label} data-testid="rating-chart" />
  );
}
