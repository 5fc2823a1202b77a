/**
 * The profile's two charts (slowest kernels, memory by category over the kernels). React lays out the
 * figures; src/charts/mountProfileCharts.ts draws them with uPlot, once per profile.
 */
import { useEffect, useRef } from 'react';
import type { StepProfile } from '../../config/stepProfile';
import { mountProfileChart, TOP_KERNELS, type ProfileChartHandle } from '../../charts/mountProfileCharts';
import 'uplot/dist/uPlot.min.css';
import { fill } from '../../i18n/fill';
import { useLang, useText } from '../i18n/useText';

function ProfileFigure({
  kind,
  profile,
  title,
}: {
  kind: 'memory' | 'kernels';
  profile: StepProfile;
  title: string;
}) {
  const figure = useRef<HTMLElement>(null);
  const plot = useRef<HTMLDivElement>(null);
  const handle = useRef<ProfileChartHandle | null>(null);
  // Mounted in the language of its first render: ProfileCharts re-mounts the figure when the language changes.
  const t = useText();
  useEffect(() => {
    if (!figure.current || !plot.current) return;
    if (handle.current) handle.current.update(profile);
    else handle.current = mountProfileChart(kind, { figure: figure.current, plot: plot.current }, profile, t);
  }, [kind, profile, t]);
  useEffect(
    () => () => {
      handle.current?.destroy();
      handle.current = null;
    },
    [],
  );
  return (
    <figure className="chart" ref={figure} data-testid={`profile-chart-${kind}`}>
      <figcaption className="chart-title">{title}</figcaption>
      <div className="chart-plot" ref={plot} />
    </figure>
  );
}

export function ProfileCharts({ profile }: { profile: StepProfile }) {
  const timed = profile.timing !== 'none';
  const w = useText().profile.charts;
  const lang = useLang();
  return (
    <div className="chart-grid">
      {timed && (
        <ProfileFigure
          key={`kernels-${lang}`}
          kind="kernels"
          profile={profile}
          title={fill(w.kernels, { n: TOP_KERNELS })}
        />
      )}
      <ProfileFigure
        key={`memory-${lang}`}
        kind="memory"
        profile={profile}
        title={fill(w.memory, { step: profile.memoryStep })}
      />
    </div>
  );
}
