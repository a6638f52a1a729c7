import { useEffect, useRef, useState } from 'react';

/*
 * The home's one chart (decision 0055): grouped bars in hand-written SVG, no library. It is a picture
 * only (aria-hidden): the panel's table carries the same numbers for screen readers and for reading.
 */

export interface ChartSeries {
  name: string;
  values: readonly number[];
  /** A Tailwind fill class. */
  fill: string;
}

const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 56 };

/** The drawing's width in CSS pixels, so that its 11 px labels stay 11 px on a phone too. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(240, Math.round(entry.contentRect.width))));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

function niceMax(max: number): number {
  if (max <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * magnitude >= max) return step * magnitude;
  return 10 * magnitude;
}

export function BarChart({
  labels,
  series,
  format = (n) => String(n),
}: {
  labels: readonly string[];
  series: readonly ChartSeries[];
  format?: (n: number) => string;
}) {
  const { ref, width: WIDTH } = useWidth();
  const max = niceMax(Math.max(0, ...series.flatMap((s) => s.values)));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, labels.length);
  const bar = Math.max(1, (slot * 0.8) / Math.max(1, series.length));
  // As many x labels as fit (about 70 px each), whatever the range.
  const every = Math.max(1, Math.ceil(labels.length / Math.max(1, Math.floor(plotW / 70))));
  const ticks = [0, 0.5, 1].map((f) => f * max);
  // A label longer than its room is cut (the table beside the chart has it whole): about 6 px a letter.
  const room = Math.max(4, Math.floor((slot * every) / 6.5));
  const shorten = (label: string) => (label.length > room ? `${label.slice(0, room - 1)}…` : label);
  return (
    <div ref={ref}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        aria-hidden="true"
        focusable="false"
        data-testid="home-chart"
      >
        {ticks.map((tick) => {
          const y = PAD.top + plotH - (tick / max) * plotH;
          return (
            <g key={tick}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} className="stroke-slate-200" />
              <text x={PAD.left - 6} y={y + 4} textAnchor="end" className="fill-slate-500 text-[11px]">
                {format(tick)}
              </text>
            </g>
          );
        })}
        {labels.map((label, i) => (
          <g key={label}>
            {series.map((s, j) => {
              const h = (s.values[i] / max) * plotH;
              return (
                <rect
                  key={s.name}
                  x={PAD.left + i * slot + slot * 0.1 + j * bar}
                  y={PAD.top + plotH - h}
                  width={bar}
                  height={h}
                  rx={1.5}
                  className={s.fill}
                />
              );
            })}
            {i % every === 0 ? (
              <text
                x={PAD.left + i * slot + slot / 2}
                y={HEIGHT - 8}
                textAnchor="middle"
                className="fill-slate-500 text-[11px]"
              >
                {shorten(label)}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden="true">
        {series.map((s) => (
          <li key={s.name} className="flex items-center gap-1.5">
            <svg viewBox="0 0 10 10" className="size-2.5" aria-hidden="true">
              <rect width="10" height="10" rx="2" className={s.fill} />
            </svg>
            {s.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
