/**
 * Connects the store's startJob/stopJob to the job bodies: one definition per job kind, each run by
 * `runJob`. Call once at boot.
 */
import type { JobKind } from '../../config/jobs';
import { useAppStore } from '../../state/store';
import { compareJob } from './compareJob';
import { lessonJob } from './lessonJob';
import { finderJob } from './finderJob';
import { exportJob } from './exportJob';
import { parallelJob } from './parallelJob';
import { profileJob } from './profileJob';
import { runJob, stopJob, type JobDefinition } from './runJob';
import { sweepJob } from './sweepJob';

/** Every kind's body: a kind without one is a compile error. */
const DEFINITIONS: { [K in JobKind]: JobDefinition<K> } = {
  compare: compareJob,
  lesson: lessonJob,
  sweep: sweepJob,
  finder: finderJob,
  parallel: parallelJob,
  export: exportJob,
  profile: profileJob,
};

export function startJobRunner(): void {
  useAppStore.getState().attachJobRunner({
    start: (kind, input) => {
      void runJob(kind, DEFINITIONS[kind], input);
    },
    stop: stopJob,
  });
}
