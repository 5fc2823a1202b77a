// Chromium flags shared by the e2e suite (playwright.config.ts) and the bench: quiet on a closed network.
// WebGPU needs --enable-unsafe-webgpu on top; without it requestAdapter() resolves null (the no-webgpu project).
export const BASE_FLAGS = [
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
