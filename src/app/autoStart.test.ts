/**
 * The `run=1` rule: a link starts training by itself only when it asked (run=1) and the pre-flight check
 * says the config fits; once, at the first 'idle', never again after that.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type TrainConfig } from '../config/trainConfig';
import { useAppStore, type RunController } from '../state/store';
import { autoStartDecision, autoStartOutcome, installAutoStart } from './autoStart';
import { SWIFTSHADER } from '../../test/fixtures/backends';

const SOFTWARE_WEBGPU = SWIFTSHADER;
const TINY: TrainConfig = { ...DEFAULT_CONFIG, imageSizePx: 16, batchSize: 2, depth: 2, baseWidth: 4 };
const HUGE: TrainConfig = { ...DEFAULT_CONFIG, imageSizePx: 512, batchSize: 512, depth: 4, baseWidth: 64 };

let started: TrainConfig[] = [];
let remove: () => void = () => {};

function boot(config: TrainConfig, asked: boolean): void {
  const controller: RunController = {
    start: (c) => started.push(c),
    stop: () => {},
    reset: () => {},
    checkDataPaths: () => Promise.reject(new Error('unused')),
  };
  useAppStore.setState({ config, autoStartRequested: asked, status: 'booting', controller });
  remove = installAutoStart();
  // What the training client does when the worker is ready: backend first, then 'idle'.
  useAppStore.setState({ backendInfo: SOFTWARE_WEBGPU });
  useAppStore.setState({ status: 'idle' });
}

beforeEach(() => {
  useAppStore.setState(useAppStore.getInitialState(), true);
  started = [];
});
afterEach(() => remove());

describe('installAutoStart', () => {
  it('starts a run=1 link that fits, exactly once', () => {
    boot(TINY, true);
    expect(started).toEqual([TINY]);
    expect(autoStartOutcome()).toBe('start');
    expect(useAppStore.getState().autoStartRequested).toBe(false);
    // Later idles (after a Reset, a worker restart) start nothing.
    useAppStore.setState({ status: 'running' });
    useAppStore.setState({ status: 'idle' });
    useAppStore.setState({ status: 'booting' });
    useAppStore.setState({ status: 'idle', autoStartRequested: true });
    expect(started).toHaveLength(1);
  });

  it('does not start a link without run=1', () => {
    boot(TINY, false);
    expect(started).toEqual([]);
    expect(autoStartOutcome()).toBe('not-asked');
    expect(useAppStore.getState().statusNote).toBeNull();
  });

  it('does not start a run=1 link whose config does not fit, and says why', () => {
    boot(HUGE, true);
    expect(started).toEqual([]);
    expect(autoStartOutcome()).toBe('refused');
    expect(useAppStore.getState().statusNote).toEqual({ kind: 'auto-start-refused' });
  });

  it('does nothing before the first idle', () => {
    useAppStore.setState({ config: TINY, autoStartRequested: true, status: 'booting' });
    remove = installAutoStart();
    useAppStore.setState({ backendInfo: SOFTWARE_WEBGPU });
    useAppStore.setState({ status: 'failed' });
    expect(started).toEqual([]);
    expect(autoStartOutcome()).toBe('pending');
  });
});

describe('autoStartDecision', () => {
  it('needs the request and a fitting estimate on a known backend', () => {
    const s = useAppStore.getState();
    expect(autoStartDecision({ ...s, config: TINY, autoStartRequested: false })).toBe('not-asked');
    expect(
      autoStartDecision({ ...s, config: TINY, autoStartRequested: true, backendInfo: SOFTWARE_WEBGPU }),
    ).toBe('start');
    expect(
      autoStartDecision({ ...s, config: HUGE, autoStartRequested: true, backendInfo: SOFTWARE_WEBGPU }),
    ).toBe('refused');
    // No backend known: no estimate to trust, no start.
    expect(autoStartDecision({ ...s, config: TINY, autoStartRequested: true, backendInfo: null })).toBe(
      'refused',
    );
  });
});
