import { describe, expect, it } from 'vitest';
import { pageStepAt } from './pageSteps';
import { createTelemetryHistory, type RunStartInfo } from './telemetryHistory';
import { makeRows } from '../../test/fixtures/testRows';

const start = (newModel: boolean, fromStep: number, label = 'x'): RunStartInfo => ({
  newModel,
  fromStep,
  label,
  detail: label,
});

describe('page steps', () => {
  it('count every step trained on the page, across a continued run and a new model', () => {
    const h = createTelemetryHistory();
    // First run: a new model, step-0 evaluation, steps 1…3.
    h.startRun(start(true, 0));
    h.appendEval({ step: 0, meanIoU: 0.1, pixelAccuracy: 0.2 });
    h.append(makeRows(1, 3));
    // Stop, Start: the model continues (steps 4, 5).
    h.startRun(start(false, 3, 'loader workers 0→2'));
    h.append(makeRows(4, 5));
    h.appendEval({ step: 5, meanIoU: 0.3, pixelAccuracy: 0.4 });
    // A new model: its steps restart at 1, the page's go on.
    h.startRun(start(true, 0, 'new model: seed 1→2'));
    h.appendEval({ step: 0, meanIoU: 0.05, pixelAccuracy: 0.1 });
    h.append(makeRows(1, 2));
    expect(h.rowXs).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(h.evalXs).toEqual([0, 5, 5.5]);
    expect(h.pageStep).toBe(7);
    expect(h.runStarts.map((r) => [r.x, r.first, r.rowIndex, r.evalIndex])).toEqual([
      [0.5, true, 0, 0],
      [3.5, false, 3, 1],
      [5.5, false, 5, 2],
    ]);
    // The tile's two numbers: the page step, and the model's own step beside it.
    expect(h.rows.at(-1)!.step).toBe(2);
    expect(pageStepAt(5.5)).toBe(5);
  });

  it('a run nobody announced goes on after the last step', () => {
    const h = createTelemetryHistory();
    h.append(makeRows(1, 3));
    h.append(makeRows(1, 2));
    expect(h.rowXs).toEqual([1, 2, 3, 4, 5]);
    expect(h.runStarts).toEqual([]);
  });

  it('a run that trained nothing leaves the next one first', () => {
    const h = createTelemetryHistory();
    h.startRun(start(true, 0));
    h.startRun(start(true, 0));
    expect(h.runStarts.map((r) => r.first)).toEqual([true, true]);
    h.append(makeRows(1, 1));
    expect(h.rowXs).toEqual([1]);
  });

  it('clear forgets rows, evaluations, run starts and the page step', () => {
    const h = createTelemetryHistory();
    let told = 0;
    h.subscribe(() => told++);
    h.startRun(start(true, 0));
    h.append(makeRows(1, 4));
    h.clear();
    expect([h.rows.length, h.rowXs.length, h.runStarts.length, h.pageStep]).toEqual([0, 0, 0, 0]);
    expect(h.generation).toBe(1);
    h.startRun(start(false, 4));
    h.append(makeRows(5, 5));
    expect(h.rowXs).toEqual([1]);
    expect(told).toBe(5);
  });
});
