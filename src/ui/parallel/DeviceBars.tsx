/**
 * Per device, the step's memory peak and its time busy vs waiting, as bars. Memory bars share the scale
 * the caller passes (one scale for every strategy on screen).
 */
import { useLayoutEffect, useRef } from 'react';
import { deviceMemoryPeak, type ParallelStepRecord } from '../../config/parallel';
import { formatBytes, formatExactBytes, formatMs } from '../format';
import { fill } from '../../i18n/fill';
import { Template } from '../i18n/Template';
import { useLocale, useText } from '../i18n/useText';

/** A horizontal bar whose width is set from JS (the CSP forbids inline style attributes). */
function Bar({ fraction, className, label }: { fraction: number; className: string; label: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (ref.current) ref.current.style.width = `${Math.max(0, Math.min(1, fraction)) * 100}%`;
  }, [fraction]);
  return <span ref={ref} className={`parallel-bar ${className}`} title={label} />;
}

export function DeviceBars({ step, memoryScale }: { step: ParallelStepRecord; memoryScale: number }) {
  const maxMs = Math.max(1, ...step.reports.map((d) => d.stepMs));
  const w = useText().parallel.bars;
  const locale = useLocale();
  const ms = (value: number) => formatMs(value, locale);
  return (
    <div className="parallel-bars" aria-label={w.label}>
      {step.reports.map((d) => (
        <div className="parallel-bar-row" key={d.rank}>
          <span className="parallel-bar-label">{fill(w.device, { n: d.rank })}</span>
          <span className="parallel-track" aria-hidden="true">
            <Bar
              fraction={deviceMemoryPeak(d) / memoryScale}
              className="memory"
              label={formatExactBytes(deviceMemoryPeak(d), locale)}
            />
          </span>
          <span className="parallel-bar-value">{formatBytes(deviceMemoryPeak(d), locale)}</span>
          <span className="parallel-track" aria-hidden="true">
            <Bar fraction={d.busyMs / maxMs} className="busy" label={fill(w.busy, { ms: ms(d.busyMs) })} />
            <Bar fraction={d.waitMs / maxMs} className="wait" label={fill(w.waiting, { ms: ms(d.waitMs) })} />
          </span>
          <span className="parallel-bar-value">
            {fill(w.value, { busy: ms(d.busyMs), wait: ms(d.waitMs) })}
          </span>
        </div>
      ))}
      <p className="help">
        <Template
          text={w.help}
          values={{
            busy: <span className="parallel-key busy" />,
            wait: <span className="parallel-key wait" />,
          }}
        />
      </p>
    </div>
  );
}
