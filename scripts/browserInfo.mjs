// Launches the Chromium that findChromium() chose once, with WebGPU enabled, and reports its version and
// WebGPU adapter. The e2e run prints it first; the bench records it. Launching here also unpacks the
// pinned browser once, before any parallel process could race to do it.
import { createServer } from 'node:http';

/** { browser: "Chromium 147.0.7727.0", adapter: { vendor, architecture, isFallbackAdapter, ... } | null }. */
export async function describeBrowser(found, launchArgs) {
  const { chromium } = await import('@playwright/test');
  // A page must be a secure context for WebGPU: serve an empty one on 127.0.0.1.
  const server = createServer((_, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end(''),
  );
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({
    executablePath: found.path,
    args: launchArgs,
    env: { ...process.env, ...found.env },
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    const adapter = await page.evaluate(async () => {
      const a = await navigator.gpu?.requestAdapter();
      if (!a) return null;
      const { vendor, architecture, device, description } = a.info;
      return {
        vendor,
        architecture,
        device,
        description,
        isFallbackAdapter: a.info.isFallbackAdapter ?? a.isFallbackAdapter ?? null,
        maxBufferSize: a.limits.maxBufferSize,
        features: [...a.features].sort(),
      };
    });
    return { browser: `Chromium ${browser.version()}`, adapter };
  } finally {
    await browser.close();
    server.close();
  }
}

/** One line for logs: "Chromium 147.0.7727.0 (@sparticuz/chromium 147.0.0), WebGPU adapter google swiftshader (fallback)". */
export function describeLine(found, info) {
  const a = info.adapter;
  const adapter = a
    ? `WebGPU adapter ${a.vendor || '?'} ${a.architecture || a.description || '?'}${a.isFallbackAdapter ? ' (fallback, software)' : ''}`
    : 'no WebGPU adapter';
  return `${info.browser} (${found.source}, ${found.path}); ${adapter}`;
}
