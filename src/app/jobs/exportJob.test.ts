// The export action's own logic: it refuses before any work (listing each setting and why), exports the
// config the run was trained with (else the form's), and reports the controller's outcome as text.
import { beforeEach, describe, expect, it } from 'vitest';
import type { PyTorchExportRequest } from '../../config/pytorchExport';
import { DEFAULT_CONFIG, type TrainConfig } from '../../config/trainConfig';
import { usePyTorchExportStore, type PyTorchExportController } from '../../state/pytorchExportStore';
import { useAppStore } from '../../state/store';

const calls: [TrainConfig, PyTorchExportRequest][] = [];
let outcome: () => Promise<{ fileName: string; zipBytes: number }>;
const controller: PyTorchExportController = {
  exportProject: (config, request) => {
    calls.push([config, request]);
    return outcome();
  },
};

beforeEach(() => {
  calls.length = 0;
  outcome = async () => ({ fileName: 'batchlab-x.zip', zipBytes: 1234 });
  useAppStore.setState({ config: DEFAULT_CONFIG, runConfig: null });
  usePyTorchExportStore.setState({ status: 'idle', message: null, controller });
});

describe('exportPyTorch', () => {
  it('refuses a config PyTorch cannot reproduce, naming the setting, without starting any work', async () => {
    useAppStore.setState({ config: { ...DEFAULT_CONFIG, uploadPath: 'tf-tensor' } });
    const status = await usePyTorchExportStore.getState().exportPyTorch({ strategy: 'ddp', processes: 3 });
    expect(status).toBe('refused');
    expect(calls).toEqual([]);
    const note = usePyTorchExportStore.getState().message;
    expect(note?.kind).toBe('refused');
    expect(note?.kind === 'refused' ? note.refusals.map((r) => r.setting) : []).toEqual([
      'uploadPath',
      'processes',
    ]);
  });

  it('exports the config the run was trained with, then says what was saved', async () => {
    const trained = { ...DEFAULT_CONFIG, batchSize: 2 };
    useAppStore.setState({ config: { ...DEFAULT_CONFIG, batchSize: 8 }, runConfig: trained });
    const status = await usePyTorchExportStore.getState().exportPyTorch({ strategy: 'single', processes: 1 });
    expect(status).toBe('saved');
    expect(calls).toEqual([[trained, { strategy: 'single', processes: 1 }]]);
    expect(usePyTorchExportStore.getState().message).toEqual({
      kind: 'saved',
      fileName: 'batchlab-x.zip',
      zipBytes: 1234,
    });
  });

  it("reports the controller's failure as text and ignores a second click while building", async () => {
    let fail: (e: Error) => void = () => {};
    outcome = () => new Promise((_, reject) => (fail = reject));
    const first = usePyTorchExportStore.getState().exportPyTorch({ strategy: 'single', processes: 1 });
    expect(usePyTorchExportStore.getState().status).toBe('building');
    expect(await usePyTorchExportStore.getState().exportPyTorch({ strategy: 'single', processes: 1 })).toBe(
      'building',
    );
    fail(new Error('the export worker crashed: boom'));
    expect(await first).toBe('failed');
    expect(calls).toHaveLength(1);
    expect(usePyTorchExportStore.getState().message).toEqual({
      kind: 'failed',
      error: 'the export worker crashed: boom',
    });
  });
});
