#!/usr/bin/env bash
# GPU check for a Linux machine with an NVIDIA GPU and no browser (< 8 min):
#   scripts/gpu-check.sh [OUT_DIR]        (default: $OUT, else ./gpu-check-out)
# 1. Brings the Vulkan loader (libvulkan.so.1) from Debian's libvulkan1 package into OUT_DIR/vulkan if the
#    machine lacks it (apt-get download + dpkg -x: no root needed, nothing installed system-wide).
# 2. Points the loader at NVIDIA's driver manifest (/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json,
#    where NVIDIA's container runtime puts it and the loader does not look) when present.
# 3. Runs the GPU parity tests (test/convBounds.test.ts, test/convKernels.test.ts, test/convStaged.test.ts)
#    on Dawn, then
#    `npm run bench -- --node --gpu`, which refuses with one line and a non-zero exit when the adapter is a
#    fallback (software) one or the backend is not webgpu.
# Everything it writes (JSON results, logs) lands in OUT_DIR. Exit status: 0 only if every part passed.
# On a machine without a GPU it stops at step 3's refusal (SwiftShader is a fallback adapter): by design.
set -u
cd "$(dirname "$0")/.."
OUT_DIR="${1:-${OUT:-$PWD/gpu-check-out}}"
mkdir -p "$OUT_DIR"
OUT_DIR="$(cd "$OUT_DIR" && pwd)"
say() { echo "[gpu-check] $*" | tee -a "$OUT_DIR/gpu-check.log"; }
started=$(date +%s)
status=0

if ! ldconfig -p 2>/dev/null | grep -q 'libvulkan.so.1 '; then
  say "no libvulkan.so.1 on the system: fetching Debian's libvulkan1 into $OUT_DIR/vulkan"
  mkdir -p "$OUT_DIR/vulkan"
  if (cd "$OUT_DIR/vulkan" && timeout 120 apt-get download libvulkan1 >/dev/null 2>&1); then
    dpkg -x "$OUT_DIR"/vulkan/libvulkan1_*.deb "$OUT_DIR/vulkan/root"
    lib="$(dirname "$(find "$OUT_DIR/vulkan/root" -name 'libvulkan.so.1' | head -n1)")"
    export LD_LIBRARY_PATH="$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    say "loader: $lib/libvulkan.so.1"
  else
    say "could not download libvulkan1 (apt-get download failed; try apt-get update first)"
  fi
fi

NVIDIA_ICD=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
if [ -z "${VK_DRIVER_FILES:-}${VK_ICD_FILENAMES:-}" ] && [ -f "$NVIDIA_ICD" ]; then
  export VK_DRIVER_FILES="$NVIDIA_ICD" VK_ICD_FILENAMES="$NVIDIA_ICD"
  say "driver: $NVIDIA_ICD"
fi
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv >"$OUT_DIR/nvidia-smi.csv" 2>&1

# The bench first: it refuses in seconds when there is no GPU adapter, and then nothing else is worth running.
say "npm run bench -- --node --gpu"
timeout 330 node scripts/bench.mjs --node --gpu --json-dir="$OUT_DIR" 2>&1 | tee "$OUT_DIR/bench-gpu.log"
bench=${PIPESTATUS[0]}
if [ "$bench" -ne 0 ]; then
  say "the GPU bench failed or refused (exit $bench): $(grep -m1 'refused' "$OUT_DIR/bench-gpu.log")"
  exit "$bench"
fi

say "parity tests on Dawn"
timeout 120 npx vitest run test/convBounds.test.ts test/convKernels.test.ts test/convStaged.test.ts \
  --reporter=default --reporter=json --outputFile="$OUT_DIR/parity.json" 2>&1 | tee "$OUT_DIR/parity.log"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

say "done in $(($(date +%s) - started)) s, status $status; results in $OUT_DIR"
exit "$status"
