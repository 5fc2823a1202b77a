/**
 * Which backend trains and on what adapter; a notice when it is a software adapter or a fallback.
 */
import { useAppStore } from '../state/store';

export function BackendNotice() {
  const info = useAppStore((s) => s.backendInfo);
  if (!info) return <p className="backend">Looking for a GPU…</p>;
  return (
    <div className="backend" data-testid="backend">
      <p>
        Backend <strong data-testid="backend-name">{info.backend}</strong> on {info.adapterDescription}
      </p>
      {info.isSoftwareAdapter && (
        <p className="notice" data-testid="software-notice">
          This is a software GPU (no hardware acceleration): steps are 100–1000× slower than on a real GPU, so
          sizes start small.
        </p>
      )}
      {info.backend !== 'webgpu' && (
        <p className="notice" data-testid="fallback-notice">
          WebGPU is not available here, so BatchLab trains on {info.backend}. Why:{' '}
          {info.fallbackReasons.join('; ') || 'another backend was chosen'}. Packed uint8/float16 uploads need
          WebGPU; on {info.backend} they are widened to 4 bytes per value, and the byte counts say so.
        </p>
      )}
    </div>
  );
}
