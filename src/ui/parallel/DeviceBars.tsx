/**
 * Per device, the step's memory peak and its time busy vs waiting, as bars. Memory bars share the scale
 * the caller passes (one scale for every strategy on screen).
 */
import { useLayoutEffect, useRef } from 'react';
import { deviceMemoryPeak, type ParallelStepRecord } from '../../config/parallel';
import { formatBytes, formatExactBytes, formatMs } from '../format';

/** A horizontal bar whose width is set from JS (the CSP forbids inline style attributes). */
function Bar({ fraction, className, label }: { fraction: number; className: string; label: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (ref.current) ref.current.style.width = `${Math.max(0, Math.min(1, fraction)) * 100}%`;
  }, [fraction]);
  return <span ref={ref} className={`parallel-bar ${className}`} title={label} />;
}

export function DeviceBars({ step, memoryScale }: { step: ParallelStepRecord; memoryScale: number }) {
  const maxMemory = memoryScale;
  const maxMs = Math.max(1, ...step.reports.map((d) => d.stepMs));
  return (
    <div className="parallel-bars" aria-label="Memory and load per device">
      {step.reports.map((d) => (
        <div className="parallel-bar-row" key={d.rank}>
          <span className="parallel-bar-label">device {d.rank}</span>
          <span className="parallel-track" aria-hidden="true">
            <Bar
              fraction={deviceMemoryPeak(d) / maxMemory}
              className="memory"
              label={formatExactBytes(deviceMemoryPeak(d))}
            />
          </span>
          <span className="parallel-bar-value">{formatBytes(deviceMemoryPeak(d))}</span>
          <span className="parallel-track" aria-hidden="true">
            <Bar fraction={d.busyMs / maxMs} className="busy" label={`busy ${formatMs(d.busyMs)}`} />
            <Bar fraction={d.waitMs / maxMs} className="wait" label={`waiting ${formatMs(d.waitMs)}`} />
          </span>
          <span className="parallel-bar-value">
            {formatMs(d.busyMs)} busy / {formatMs(d.waitMs)} waiting
          </span>
        </div>
      ))}
      <p className="help">
        Left: GPU memory in use at the step&apos;s peak. Right: <span className="parallel-key busy" /> busy
        (computing, reading back, uploading) and <span className="parallel-key wait" /> waiting for another
        device, in the last step.
      </p>
    </div>
  );
}
