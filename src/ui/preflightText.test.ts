/**
 * The pre-flight's refusal and limits as the page words them: in English exactly the config's own sentence
 * (so the figures the e2e compares are the dictionary's, not a copy), for GPU, host and both shortfalls on
 * every kind of backend; in Chinese other words with the same figures. The same for the PyTorch export's
 * refusals.
 */
import { describe, expect, it } from 'vitest';
import type { BackendInfo } from '../config/backendInfo';
import { runPreflight } from '../config/preflight';
import { DEFAULT_CONFIG, type TrainConfig } from '../config/trainConfig';
import { en } from '../i18n/en';
import { zhCN } from '../i18n/zh-CN';
import { limitsSourceText, refusalText, runBlockerText } from './preflightText';
import { refusalLine } from './exportStatusText';
import { pytorchExportRefusals, type PyTorchExportRequest } from '../config/pytorchExport';
import { SWIFTSHADER } from '../../test/fixtures/backends';

const swiftShader = SWIFTSHADER;
const hardware: BackendInfo = { ...swiftShader, isSoftwareAdapter: false };
const webgl: BackendInfo = { ...swiftShader, backend: 'webgl', isSoftwareAdapter: false, limits: null };

const CONFIGS: Partial<TrainConfig>[] = [
  { imageSizePx: 512, batchSize: 512 }, // GPU: both limits
  { imageSizePx: 512, batchSize: 40 }, // GPU: the budget only
  { imageSizePx: 512, batchSize: 8, imageDtype: 'float32', normalizeOn: 'loader', workers: 16, prefetch: 16 }, // host
  { imageSizePx: 512, batchSize: 512, workers: 16, prefetch: 16 }, // both
];

describe('preflight text', () => {
  it('in English is exactly the config’s sentence, on every backend', () => {
    let refused = 0;
    for (const info of [swiftShader, hardware, webgl]) {
      for (const patch of CONFIGS) {
        const r = runPreflight({ ...DEFAULT_CONFIG, ...patch }, info);
        if (r.verdict !== 'refused') continue;
        refused++;
        expect(refusalText(en, 'en-US', r.refusal)).toBe(r.reason);
      }
    }
    expect(refused).toBeGreaterThanOrEqual(9);
  });

  it('says in English where the limits come from, on every backend', () => {
    const source = (info: BackendInfo) => {
      const r = runPreflight(DEFAULT_CONFIG, info);
      return r.verdict === 'waiting' ? '' : limitsSourceText(en, r.limits);
    };
    expect(source(swiftShader)).toBe(
      'per-buffer limits reported by WebGPU; the 1 GiB budget is assumed for a software adapter, whose memory is the page’s RAM',
    );
    expect(source(hardware)).toBe(
      'per-buffer limits reported by WebGPU; the 4 GiB budget is assumed, since browsers do not report how much memory a GPU has',
    );
    expect(source(webgl)).toBe(
      'webgl reports no memory limits, so a conservative 1 GiB per buffer and a 1 GiB budget are assumed',
    );
  });

  it('in Chinese has other words and the same figures', () => {
    const r = runPreflight({ ...DEFAULT_CONFIG, imageSizePx: 512, batchSize: 512 }, swiftShader);
    if (r.verdict !== 'refused') throw new Error('expected a refusal');
    const zh = refusalText(zhCN, 'zh-CN', r.refusal);
    expect(zh).not.toBe(r.reason);
    expect(zh).toContain('批大小 512');
    for (const figure of r.reason.match(/\d+(\.\d+)? (KiB|MiB|GiB)/g) ?? []) expect(zh).toContain(figure);
    const blocker = runBlockerText(
      zhCN,
      'zh-CN',
      { code: 'doesNotFit', id: 'b', refusal: r.refusal },
      () => '设置 B',
    );
    expect(blocker.startsWith('设置 B 超出了本设备的容量：')).toBe(true);
  });
});

describe('PyTorch export refusals', () => {
  it('in English read exactly as config writes them; in Chinese they differ', () => {
    const cases: [Partial<TrainConfig>, PyTorchExportRequest][] = [
      [{ uploadPath: 'tf-tensor' }, { strategy: 'ddp', processes: 3 }],
      [{}, { strategy: 'single', processes: 2 }],
      [{}, { strategy: 'ddp', processes: 99 }],
      [{}, { strategy: 'single', processes: 1, batches: 0 }],
      [
        { imageSizePx: 512, batchSize: 256 },
        { strategy: 'single', processes: 1, batches: 64 },
      ],
    ];
    const seen = new Set<string>();
    for (const [patch, request] of cases) {
      for (const r of pytorchExportRefusals({ ...DEFAULT_CONFIG, ...patch }, request)) {
        seen.add(r.code);
        expect(refusalLine(en, r)).toBe(`${r.setting}: ${r.reason}`);
        expect(refusalLine(zhCN, r)).not.toBe(`${r.setting}: ${r.reason}`);
      }
    }
    expect(seen.size).toBeGreaterThanOrEqual(5);
  });
});
