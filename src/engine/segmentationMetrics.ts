/**
 * Pixel accuracy and mean IoU from a confusion matrix computed on the device; one readback.
 */
import * as tf from './tf';

export interface SegmentationScores {
  pixelAccuracy: number;
  /** Mean over classes present in labels or predictions of TP / (TP + FP + FN). */
  meanIoU: number;
}

/** Pure: scores from a K×K confusion matrix (rows = truth, cols = prediction), row-major. */
function scoresFromConfusion(confusion: ArrayLike<number>, k: number): SegmentationScores {
  let correct = 0;
  let total = 0;
  let iouSum = 0;
  let classes = 0;
  for (let c = 0; c < k; c++) {
    let row = 0;
    let col = 0;
    for (let j = 0; j < k; j++) {
      row += confusion[c * k + j] ?? 0;
      col += confusion[j * k + c] ?? 0;
    }
    const tp = confusion[c * k + c] ?? 0;
    correct += tp;
    total += row;
    const union = row + col - tp;
    if (union > 0) {
      iouSum += tp / union;
      classes++;
    }
  }
  return { pixelAccuracy: total ? correct / total : 0, meanIoU: classes ? iouSum / classes : 0 };
}

/** truth, predicted: int32 class ids [P]. Awaits one readback of the K×K matrix. */
export async function segmentationScores(
  truth: tf.Tensor1D,
  predicted: tf.Tensor1D,
  k: number,
): Promise<SegmentationScores> {
  const confusion = tf.tidy(() => {
    const t = tf.oneHot(truth, k, 1, 0, 'float32');
    const p = tf.oneHot(predicted, k, 1, 0, 'float32');
    return tf.matMul(t, p, true, false);
  });
  const values = await confusion.data();
  confusion.dispose();
  return scoresFromConfusion(values, k);
}
