// The pinned headless Chromium that ships inside the npm package @sparticuz/chromium (Linux x64 only).
// Unpacks its brotli archives once into node_modules/.cache/batchlab-chromium/<version>/ and returns the
// paths a launcher needs. The package's own executablePath() unpacks into os.tmpdir() and reuses any
// `chromium` it finds there whatever its version; this one unpacks into a folder named after the version,
// through a private temporary folder renamed into place, so two processes never see a half-written copy.
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createBrotliDecompress } from 'node:zlib';
import { extract } from 'tar-fs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const PINNED_PACKAGE = '@sparticuz/chromium';

/** The package's folder, or null when it is not installed. */
function packageDir() {
  try {
    const require = createRequire(join(root, 'package.json'));
    // The package's exports hide package.json: resolve its entry (build/cjs/index.cjs) and go up two folders.
    return resolve(dirname(require.resolve(PINNED_PACKAGE)), '..', '..');
  } catch {
    return null;
  }
}

/** The installed version of the pinned package, or null. */
export function pinnedVersion() {
  const dir = packageDir();
  if (!dir) return null;
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
}

/** What a launcher needs: the binary, and where its libraries, fonts and Vulkan ICD lie. */
export function pinnedLayout(cacheDir) {
  return {
    executablePath: join(cacheDir, 'chromium'),
    /** libnss3, libnspr4, libexpat1 and friends, for machines that lack them. */
    libDir: join(cacheDir, 'al2023', 'lib'),
    /** A fontconfig folder whose fonts.conf lists the package's fonts, then the machine's own. */
    fontconfigDir: join(cacheDir, 'fontconfig'),
    /** SwiftShader's Vulkan ICD (software Vulkan), also used by Dawn in Node. */
    vulkanIcdJson: join(cacheDir, 'vk_swiftshader_icd.json'),
    vulkanLibDir: cacheDir,
  };
}

/** The environment the pinned binary (or Dawn using its SwiftShader) needs, added to `base`. */
export function pinnedEnv(layout, base = process.env) {
  const ld = [layout.libDir, layout.vulkanLibDir, ...(base.LD_LIBRARY_PATH ?? '').split(':')].filter(Boolean);
  return {
    LD_LIBRARY_PATH: [...new Set(ld)].join(':'),
    FONTCONFIG_PATH: base.FONTCONFIG_PATH ?? layout.fontconfigDir,
  };
}

const fontsConf = (cacheDir) => `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>${join(cacheDir, 'fonts')}</dir>
  <dir>/usr/share/fonts</dir>
  <dir>/usr/local/share/fonts</dir>
  <cachedir>${join(cacheDir, 'fontconfig', 'cache')}</cachedir>
</fontconfig>
`;

async function inflateFile(archive, target) {
  await pipeline(
    createReadStream(archive),
    createBrotliDecompress(),
    createWriteStream(target, { mode: 0o755 }),
  );
}

async function inflateTar(archive, targetDir) {
  await pipeline(createReadStream(archive), createBrotliDecompress(), extract(targetDir));
}

/**
 * Unpacks the pinned Chromium if needed and returns its layout with its version, or null when the package
 * is not installed or the platform is not Linux x64.
 */
export async function unpackPinnedChromium({ platform = process.platform, arch = process.arch } = {}) {
  if (platform !== 'linux' || arch !== 'x64') return null;
  const dir = packageDir();
  const version = pinnedVersion();
  if (!dir || !version) return null;
  const cacheDir = join(root, 'node_modules', '.cache', 'batchlab-chromium', version);
  const layout = pinnedLayout(cacheDir);
  if (existsSync(join(cacheDir, '.complete'))) return { ...layout, version };

  const bin = join(dir, 'bin');
  const staging = `${cacheDir}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  await inflateFile(join(bin, 'chromium.br'), join(staging, 'chromium'));
  await inflateTar(join(bin, 'swiftshader.tar.br'), staging);
  await inflateTar(join(bin, 'fonts.tar.br'), staging);
  await inflateTar(join(bin, 'al2023.tar.br'), join(staging, 'al2023'));
  // The package's fonts.conf names /tmp/fonts; ours names this folder's fonts, then the system's.
  mkdirSync(join(staging, 'fontconfig'));
  writeFileSync(join(staging, 'fontconfig', 'fonts.conf'), fontsConf(cacheDir));
  writeFileSync(join(staging, '.complete'), version);
  try {
    renameSync(staging, cacheDir);
  } catch {
    // Another process finished first: its copy is complete (it renamed a whole folder), so use it.
    rmSync(staging, { recursive: true, force: true });
  }
  if (!existsSync(join(cacheDir, '.complete'))) throw new Error(`unpacking ${PINNED_PACKAGE} failed`);
  return { ...layout, version };
}
