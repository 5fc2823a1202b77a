// A tiny static file server for the built bench (dist/): GET only, no directory listing, no path
// escape, on 127.0.0.1 and a free port. The CSP travels inside the built HTML as a <meta> tag, so plain
// files are all the bench needs (`vite preview` would do too, at the cost of another process and port).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Serves `root`; resolves with its base URL and a close(). */
export async function serveStatic(root) {
  const base = resolve(root);
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (path === '/favicon.ico') {
      response.writeHead(204).end(); // the build has none; a 404 would show up as a page error
      return;
    }
    const file = normalize(join(base, path.endsWith('/') ? `${path}index.html` : path));
    if (
      request.method !== 'GET' ||
      !file.startsWith(base + sep) ||
      !existsSync(file) ||
      !statSync(file).isFile()
    ) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((ok) => server.close(ok)) };
}
