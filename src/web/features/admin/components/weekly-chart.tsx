import { useLayoutEffect, useRef, useState } from 'react';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { ADMIN_TEXTS, weeklyChartLabel, weeksTotalLabel, type OverviewWeek } from '#shared/admin.js';
import { calendarDay, count, shortCalendarDay } from './format.js';

const HEIGHT = 168;
const MARGIN = { top: 10, right: 6, bottom: 26, left: 34 };
/** Before the first measurement: about the width of a chart on a phone. */
const FALLBACK_WIDTH = 320;

/** The element's content width in CSS pixels, followed as the layout changes, so the SVG's text stays at its real size. */
function useWidth<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(160, Math.floor(element.getBoundingClientRect().width)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * One weekly count as an SVG bar chart (decision 029). The picture has one accessible name that says what it
 * shows; the numbers themselves are in a table under 'Show the numbers', for screen readers and for anyone.
 */
export function WeeklyChart({ id, title, weeks, valueOf }: { id: string; title: string; weeks: OverviewWeek[]; valueOf: (week: OverviewWeek) => number }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const bars = weeks.map((week) => ({ week: week.weekStart, value: valueOf(week) }));
  const total = bars.reduce((sum, bar) => sum + bar.value, 0);
  const highest = Math.max(0, ...bars.map((bar) => bar.value));
  const innerWidth = width - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand({ domain: bars.map((bar) => bar.week), range: [0, innerWidth], padding: 0.25 });
  // At least 0–4, so a quiet week does not fill the chart; whole numbers only on the axis.
  const y = scaleLinear({ domain: [0, Math.max(4, highest)], range: [innerHeight, 0], nice: 4 });
  const ticks = y.ticks(4).filter(Number.isInteger);
  // Every third week is named, counted back from the current one, which is always named.
  const named = (index: number) => (bars.length - 1 - index) % 3 === 0;

  return (
    <figure aria-labelledby={`${id}-title`} className="min-w-0 rounded-lg border bg-card p-4 text-card-foreground">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span id={`${id}-title`} className="font-semibold">
          {title}
        </span>
        <span className="text-sm text-muted-foreground">{weeksTotalLabel(count(total), bars.length)}</span>
      </figcaption>
      {/* Clipped: for a moment after the window narrows, the picture keeps its old width until it is measured again. */}
      <div ref={ref} className="mt-3 overflow-hidden">
        <svg
          width={width}
          height={HEIGHT}
          role="img"
          aria-label={weeklyChartLabel(title, bars.length, count(bars[bars.length - 1]?.value ?? 0), count(highest))}
          className="block overflow-visible"
        >
          <Group left={MARGIN.left} top={MARGIN.top}>
            {ticks.map((tick) => (
              <g key={tick}>
                <line x1={0} x2={innerWidth} y1={y(tick)} y2={y(tick)} className="stroke-border" strokeWidth={1} />
                <text x={-6} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-muted-foreground text-[11px] tabular-nums">
                  {count(tick)}
                </text>
              </g>
            ))}
            {bars.map((bar) => {
              const top = y(bar.value);
              return <Bar key={bar.week} x={x(bar.week)} y={top} width={x.bandwidth()} height={innerHeight - top} rx={2} className="fill-primary" />;
            })}
            {bars.map((bar, index) =>
              named(index) ? (
                <text
                  key={bar.week}
                  x={(x(bar.week) ?? 0) + x.bandwidth() / 2}
                  y={innerHeight + 17}
                  textAnchor="middle"
                  className="fill-muted-foreground text-[11px]"
                >
                  {shortCalendarDay(bar.week)}
                </text>
              ) : null,
            )}
          </Group>
        </svg>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer rounded-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          {ADMIN_TEXTS.showNumbers}
        </summary>
        <table className="mt-2 w-full">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="py-1 font-medium">
                {ADMIN_TEXTS.weekOf}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {title}
              </th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.week} className="border-b last:border-0">
                <th scope="row" className="py-1 text-left font-normal">
                  {calendarDay(bar.week)}
                </th>
                <td className="py-1 text-right tabular-nums">{count(bar.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
