import { describe, expect, it } from 'vitest';
import { createChartFeed } from './chartFeed';
import { latestXText } from './chartSpec';
import { CHART_SPECS } from './chartSpecs';
import { evalPageStep, pageStepAt, rowPageStep, runMarkerX } from './pageSteps';
import { createTelemetryHistory } from './telemetryHistory';
import { makeRows } from '../../test/fixtures/testRows';

describe('page step rules', () => {
  it('places rows one page step apart whatever the model step, and a new model’s first evaluation on its marker', () => {
    const continued = { pageOffset: 3, fromStep: 3, first: false };
    const rebuilt = { pageOffset: 5, fromStep: 0, first: false };
    expect(rowPageStep(continued, 4)).toBe(4);
    expect(rowPageStep(rebuilt, 1)).toBe(6);
    expect(runMarkerX(rebuilt)).toBe(5.5);
    expect(evalPageStep(rebuilt, 0)).toBe(5.5);
    expect(evalPageStep(rebuilt, 2)).toBe(7);
    expect(evalPageStep({ pageOffset: 0, fromStep: 0, first: true }, 0)).toBe(0);
    expect(pageStepAt(5.5)).toBe(5);
    expect(pageStepAt(7)).toBe(7);
  });
});

describe('the Training tile and the charts', () => {
  it('show the same step across a Stop/Start that continues the model and a Start with a new model', () => {
    const history = createTelemetryHistory();
    const feed = createChartFeed(history, { requestFrame: () => {}, bucketCapacity: 64 });
    feed.addView({ draw: () => {}, isVisible: () => true });
    /** What each chart's legend shows as its latest x, and what the tile shows. */
    const shown = () => {
      const charts = CHART_SPECS.map((spec) => {
        return latestXText(spec.prepare(feed.timeline)) || '0';
      });
      return { tile: String(history.pageStep), charts };
    };
    const run = (newModel: boolean, fromStep: number) =>
      history.startRun({ newModel, fromStep, label: 'x', detail: 'x' });

    run(true, 0);
    history.appendEval({ step: 0, meanIoU: 0.1, pixelAccuracy: 0.2 });
    history.append(makeRows(1, 3));
    expect(shown()).toEqual({ tile: '3', charts: ['3', '3', '3', '3'] });

    run(false, 3);
    history.append(makeRows(4, 6));
    expect(shown()).toEqual({ tile: '6', charts: ['6', '6', '6', '6'] });

    run(true, 0);
    history.appendEval({ step: 0, meanIoU: 0.05, pixelAccuracy: 0.1 });
    // Before the new model's first step every chart still reads 6.
    expect(shown()).toEqual({ tile: '6', charts: ['6', '6', '6', '6'] });
    history.append(makeRows(1, 2));
    expect(shown()).toEqual({ tile: '8', charts: ['8', '8', '8', '8'] });
    expect(history.rows.at(-1)?.step).toBe(2);
  });
});
