/** The lesson progress line: the strategy it names matches its place in the run, and how a run ended. */
import { describe, expect, it } from 'vitest';
import type { ParallelStepRecord } from '../../config/parallel';
import { en } from '../../i18n/en';
import { emptyLessonRun, type LessonRun } from '../../state/lessonStore';
import { progressText } from './lessonProgress';

const record: ParallelStepRecord = { step: 1, loss: 1, reports: [], expected: [] };

const gpus = (patch: Partial<LessonRun>): LessonRun => ({ ...emptyLessonRun(), ...patch });
const text = (run: LessonRun, phase: Parameters<typeof progressText>[4] = 'running', message = null) =>
  progressText(en, 'en', 'gpus', run, phase, message);

describe('lesson progress line', () => {
  it('names the running strategy with its own place, also once its first step is recorded', () => {
    const before = text(gpus({ activeStrategy: 'dp-gather' }));
    const afterFirstStep = text(gpus({ activeStrategy: 'dp-gather', strategies: { 'dp-gather': record } }));
    for (const line of [before, afterFirstStep]) {
      expect(line).toContain(en.parallel.strategies['dp-gather']);
      expect(line).toContain('(1 of 3)');
    }
    const last = text(
      gpus({
        activeStrategy: 'ddp',
        strategies: { 'dp-gather': record, 'dp-loss-in-forward': record, ddp: record },
      }),
    );
    expect(last).toContain(en.parallel.strategies.ddp);
    expect(last).toContain('(3 of 3)');
  });

  it('says how the lesson job ended: stopped, failed with its own words, refused with the reason', () => {
    const run = emptyLessonRun();
    expect(progressText(en, 'en', 'bytes', run, 'idle', null)).toBe(en.lessons.view.progress.notRun);
    expect(progressText(en, 'en', 'bytes', run, 'done', null)).toBe(en.lessons.view.progress.done);
    expect(progressText(en, 'en', 'bytes', run, 'stopped', { code: 'stopped' })).toBe(en.jobs.stopped);
    const failed = progressText(en, 'en', 'bytes', run, 'failed', { code: 'failed', detail: 'device lost' });
    expect(failed).toContain('device lost');
    const refused = progressText(en, 'en', 'bytes', run, 'done', {
      code: 'refused',
      blocker: { code: 'mainRunning' },
    });
    expect(refused).not.toBe(en.lessons.view.progress.done);
    expect(refused.length).toBeGreaterThan(0);
  });
});
