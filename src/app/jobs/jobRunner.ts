/**
 * Connects the store's startJob/stopJob to the job bodies: one definition per job kind, each run by
 * `runJob`. Call once at boot.
 */
import type { JobKind } from '../../config/jobs';
import { useAppStore } from '../../state/store';
import { compareJob } from './compareJob';
import { exportJob } from './exportJob';
import { parallelJob } from './parallelJob';
import { profileJob } from './profileJob';
import { runJob, stopJob, type JobDefinition } from './runJob';

/** Every kind's body (a missing kind is a compile error once every job runs here). */
const DEFINITIONS: { [K in JobKind]?: JobDefinition<K> } = {
  compare: compareJob,
  parallel: parallelJob,
  export: exportJob,
  profile: profileJob,
};

export function startJobRunner(): void {
  useAppStore.getState().attachJobRunner({
    start: (kind, input) => {
      const definition = DEFINITIONS[kind];
      if (definition) void runJob(kind, definition, input);
    },
    stop: stopJob,
  });
}
