/** What each lesson shows of the one lesson job: the job's status on the lesson it ran, its own outcome elsewhere. */
import { describe, expect, it } from 'vitest';
import { lessonStatus, runningLesson } from './lessonStore';

const running = { phase: 'running', message: null } as const;
const stopped = { phase: 'stopped', message: { code: 'stopped' } } as const;
const refused = { phase: 'done', message: { code: 'refused', blocker: { code: 'mainRunning' } } } as const;

describe('lessonStatus', () => {
  it("gives the lesson the job ran last the job's phase and message", () => {
    expect(lessonStatus('bytes', 'bytes', running, { finishedAt: null })).toEqual(running);
    expect(lessonStatus('bytes', 'bytes', stopped, { finishedAt: '2026-01-01T00:00:00Z' })).toEqual(stopped);
  });

  it('shows another lesson done only if its own run finished, never the running one’s phase', () => {
    expect(lessonStatus('loaders', 'bytes', running, { finishedAt: null })).toEqual({
      phase: 'idle',
      message: null,
    });
    expect(lessonStatus('loaders', 'bytes', stopped, { finishedAt: '2026-01-01T00:00:00Z' })).toEqual({
      phase: 'done',
      message: null,
    });
  });

  it('shows a refused start on the lesson in view, whichever the job ran last', () => {
    expect(lessonStatus('gpus', 'bytes', refused, { finishedAt: null }).message).toEqual(refused.message);
  });
});

describe('runningLesson', () => {
  it('is the active lesson only while the job runs', () => {
    expect(runningLesson('gpus', 'running')).toBe('gpus');
    expect(runningLesson('gpus', 'done')).toBeNull();
    expect(runningLesson(null, 'idle')).toBeNull();
  });
});
