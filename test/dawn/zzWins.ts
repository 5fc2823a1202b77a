import { DEFAULT_CONFIG, type TrainConfig } from '../../src/config/trainConfig';
import { createMemoryConvStore, tuneConvKernels } from '../../src/engine/convTuning';
import { createConvProbe, modelConvs, type ModelConv } from '../../src/engine/convProbe';
import { convCandidates } from '../../src/engine/convChoice';
import { currentWebGpuCapabilities } from '../../src/engine/backend';
import { start } from './convParity';

const macs = ({ shape: s }: ModelConv) =>
  s.batch * s.heightPx * s.widthPx * s.kernelSize ** 2 * s.inChannels * s.outChannels;

export async function wins() {
  await start();
  const caps = currentWebGpuCapabilities()!;
  const out = [];
  const configs: [string, TrainConfig][] = [
    ['tiny', { ...DEFAULT_CONFIG, imageSizePx: 16, batchSize: 2, baseWidth: 4 }],
    ['default', DEFAULT_CONFIG],
  ];
  for (const [name, config] of configs) {
    const convs = modelConvs(config);
    const largest = convs.filter((c) => c.needsInputGradient).reduce((a, c) => (macs(a) >= macs(c) ? a : c));
    const candidates = convCandidates(caps, convs.map((c) => c.shape));
    const probe = createConvProbe([largest], 1);
    const r = await tuneConvKernels({
      adapterKey: caps.adapterKey,
      shapes: [{ ...largest.shape, batch: 1 }],
      candidates,
      run: probe.run,
      stores: [createMemoryConvStore()],
      reps: 15,
      maxReps: 15,
      probeBatch: 1,
      probeConvs: 1,
    });
    probe.dispose();
    out.push({ name, kernels: r.kernels, c: r.candidates.map((c) => [c.direction, c.candidate, +c.ms.toFixed(2), +c.minMs.toFixed(2), +c.maxMs.toFixed(2)]) });
  }
  return out;
}
