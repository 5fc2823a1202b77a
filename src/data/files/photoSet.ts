/**
 * The "photos" preset: pictures BatchLab draws itself (its synthetic scenes at PHOTOS_PRESET.sizePx) and
 * encodes as JPEG, with their class masks as PNG, so the loader pays a real decode and nothing is
 * downloaded. The drawing is the seeded synthetic renderer; the encoding is the browser's
 * (OffscreenCanvas.convertToBlob). Runs on the page, once, when the preset is first chosen. No tfjs.
 */
import { PHOTOS_PRESET } from '../../config/ownImages';
import { DEFAULT_CONFIG } from '../../config/trainConfig';
import { renderSample } from '../syntheticDataset';

async function encode(rgba: Uint8ClampedArray<ArrayBuffer>, sidePx: number, type: string, quality?: number) {
  const canvas = new OffscreenCanvas(sidePx, sidePx);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas here');
  context.putImageData(new ImageData(rgba, sidePx, sidePx), 0, 0);
  return canvas.convertToBlob(quality === undefined ? { type } : { type, quality });
}

/** The preset's files, named like a user's folder would be (`photo-00.jpg` + `masks/photo-00.png`). */
export async function drawPhotoSet(): Promise<File[]> {
  const { count, sizePx, jpegQuality, seed } = PHOTOS_PRESET;
  const spec = { seed, sizePx, channels: 3 as const, numClasses: DEFAULT_CONFIG.numClasses };
  const files: File[] = [];
  for (let i = 0; i < count; i++) {
    const { image, mask } = renderSample(spec, i);
    const rgb = new Uint8ClampedArray(sizePx * sizePx * 4);
    const grey = new Uint8ClampedArray(sizePx * sizePx * 4);
    for (let p = 0; p < sizePx * sizePx; p++) {
      rgb.set([image[p * 3]!, image[p * 3 + 1]!, image[p * 3 + 2]!, 255], p * 4);
      grey.set([mask[p]!, mask[p]!, mask[p]!, 255], p * 4);
    }
    const name = `photo-${String(i).padStart(2, '0')}`;
    files.push(new File([await encode(rgb, sizePx, 'image/jpeg', jpegQuality)], `${name}.jpg`));
    files.push(new File([await encode(grey, sizePx, 'image/png')], `${name}_mask.png`));
  }
  return files;
}
