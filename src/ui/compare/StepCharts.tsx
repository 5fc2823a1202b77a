/** A and B per step on one shared scale. */
/** Two small line charts, A and B, on one shared y scale (0 … the larger maximum). */
export function StepCharts({
  title,
  a,
  b,
  format,
}: {
  title: string;
  a: readonly number[];
  b: readonly number[];
  format: (v: number) => string;
}) {
  const max = Math.max(0, ...a, ...b);
  const steps = Math.max(a.length, b.length);
  const W = 160;
  const H = 70;
  const points = (values: readonly number[]) =>
    values
      .map((v, i) => {
        const x = steps > 1 ? (i / (steps - 1)) * W : W / 2;
        const y = max > 0 ? H - (v / max) * H : H;
        return `${x.toFixed(1)},${y.toFixed(1)}`;
      })
      .join(' ');
  const panel = (label: string, values: readonly number[], cls: string) => (
    <figure className="compare-chart">
      <svg viewBox={`-4 -4 ${W + 8} ${H + 8}`} role="img" aria-label={`${title}, ${label}`}>
        <line x1={0} y1={H} x2={W} y2={H} className="axis" />
        <line x1={0} y1={0} x2={0} y2={H} className="axis" />
        <polyline points={points(values)} className={cls} />
        {values.map((v, i) => {
          const x = steps > 1 ? (i / (steps - 1)) * W : W / 2;
          const y = max > 0 ? H - (v / max) * H : H;
          return <circle key={i} cx={x} cy={y} r={2.5} className={cls} />;
        })}
      </svg>
      <figcaption>
        {label}: 0 – {format(max)}
      </figcaption>
    </figure>
  );
  return (
    <div className="compare-charts">
      <h4>{title} per step (shared scale)</h4>
      <div className="compare-chart-pair">
        {panel('A', a, 'series-a')}
        {panel('B', b, 'series-b')}
      </div>
    </div>
  );
}
