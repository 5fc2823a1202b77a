// The export job's own logic: it refuses before any work (listing each setting and its code), saves and
// notes what it saved, reports the exporter's failure in its words, ignores a second start while one runs,
// and the panel exports the config the run was trained with (else the form's).
import { beforeEach, describe, expect, it } from 'vitest';
import type { PyTorchExportRequest } from '../../config/pytorchExport';
import { DEFAULT_CONFIG, type TrainConfig } from '../../config/trainConfig';
import { selectExportConfig, usePyTorchExportStore } from '../../state/pytorchExportStore';
import { useAppStore } from '../../state/store';
import { createExportJob, type PyTorchExportSaved } from './exportJob';
import { runJob } from './runJob';
import { idleJobs } from '../../../test/fixtures/jobStore';

const calls: [TrainConfig, PyTorchExportRequest][] = [];
let outcome: () => Promise<PyTorchExportSaved>;
const job = createExportJob((config, request) => {
  calls.push([config, request]);
  return outcome();
});
const single: PyTorchExportRequest = { strategy: 'single', processes: 1 };
const status = () => useAppStore.getState().jobs.export;
const note = () => usePyTorchExportStore.getState().note;

beforeEach(() => {
  calls.length = 0;
  outcome = async () => ({ fileName: 'batchlab-x.zip', zipBytes: 1234 });
  useAppStore.setState({
    config: DEFAULT_CONFIG,
    runConfig: null,
    jobs: idleJobs(),
  });
  usePyTorchExportStore.setState({ note: null });
});

describe('export job', () => {
  it('refuses a config PyTorch cannot reproduce, naming each setting, without starting any work', async () => {
    const config = { ...DEFAULT_CONFIG, uploadPath: 'tf-tensor' as const };
    expect(await runJob('export', job, { config, request: { strategy: 'ddp', processes: 3 } })).toBe(
      'failed',
    );
    expect(calls).toEqual([]);
    const n = note();
    expect(n?.kind).toBe('refused');
    expect(n?.kind === 'refused' ? n.refusals.map((r) => r.setting) : []).toEqual([
      'uploadPath',
      'processes',
    ]);
  });

  it('saves through the exporter, then notes the file and its bytes', async () => {
    const trained = { ...DEFAULT_CONFIG, batchSize: 2 };
    expect(await runJob('export', job, { config: trained, request: single })).toBe('done');
    expect(calls).toEqual([[trained, single]]);
    expect(note()).toEqual({ kind: 'saved', fileName: 'batchlab-x.zip', zipBytes: 1234 });
    expect(status().message).toBeNull();
  });

  it("reports the exporter's failure in its words and ignores a second start while one runs", async () => {
    usePyTorchExportStore.setState({ note: { kind: 'saved', fileName: 'old.zip', zipBytes: 1 } });
    let fail: (e: Error) => void = () => {};
    outcome = () => new Promise((_, reject) => (fail = reject));
    const first = runJob('export', job, { config: DEFAULT_CONFIG, request: single });
    expect(status().phase).toBe('running');
    expect(note()).toBeNull();
    expect(await runJob('export', job, { config: DEFAULT_CONFIG, request: single })).toBe('running');
    fail(new Error('the export worker crashed: boom'));
    expect(await first).toBe('failed');
    expect(calls).toHaveLength(1);
    expect(status().message).toEqual({ code: 'failed', detail: 'the export worker crashed: boom' });
    expect(note()).toBeNull();
  });

  it('exports the config the run was trained with, else the form’s', () => {
    const form = { ...DEFAULT_CONFIG, batchSize: 8 };
    const trained = { ...DEFAULT_CONFIG, batchSize: 2 };
    expect(selectExportConfig({ config: form, runConfig: trained })).toBe(trained);
    expect(selectExportConfig({ config: form, runConfig: null })).toBe(form);
  });
});
