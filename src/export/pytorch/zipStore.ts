/**
 * A zip archive writer that stores files uncompressed ("store" method 0), with CRC-32 and a central
 * directory: enough for a project download (and for NumPy's .npz, which is such a zip). No zip64: the
 * archive and each file stay under 4 GiB, checked. Names are ASCII paths the caller controls. Pure.
 */
import { crc32 } from './crc32';

export interface ZipEntry {
  /** Path inside the archive, '/'-separated, ASCII letters, digits, '.', '_', '-' only. */
  name: string;
  bytes: Uint8Array;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
const LOCAL_HEADER_BYTES = 30;
const CENTRAL_HEADER_BYTES = 46;
const END_BYTES = 22;
const VERSION = 20; // 2.0: the lowest version that knows folders
const U32_MAX = 0xffffffff;
/** 1980-01-01 00:00:00 in MS-DOS date/time: fixed, so the same project gives the same bytes. */
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

const SAFE_NAME = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

function checkName(name: string): void {
  if (!SAFE_NAME.test(name) || name.split('/').some((part) => part === '.' || part === '..')) {
    throw new Error(`zip entry name not allowed: ${JSON.stringify(name)}`);
  }
}

/** The archive of `entries`, in the order given. Throws on unsafe names, duplicates or sizes over 4 GiB. */
export function zipStore(entries: readonly ZipEntry[]): Uint8Array {
  const names = new Set<string>();
  const encoded = entries.map((entry) => {
    checkName(entry.name);
    if (names.has(entry.name)) throw new Error(`duplicate zip entry ${entry.name}`);
    names.add(entry.name);
    if (entry.bytes.length > U32_MAX) throw new Error(`${entry.name} is over 4 GiB`);
    return { ...entry, nameBytes: new TextEncoder().encode(entry.name), crc: crc32(entry.bytes) };
  });
  const localBytes = encoded.reduce(
    (s, e) => s + LOCAL_HEADER_BYTES + e.nameBytes.length + e.bytes.length,
    0,
  );
  const centralBytes = encoded.reduce((s, e) => s + CENTRAL_HEADER_BYTES + e.nameBytes.length, 0);
  const total = localBytes + centralBytes + END_BYTES;
  if (localBytes > U32_MAX || total > U32_MAX) throw new Error('the archive would be over 4 GiB');
  if (encoded.length > 0xffff) throw new Error('too many zip entries');

  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  let at = 0;
  const u16 = (v: number) => {
    view.setUint16(at, v, true);
    at += 2;
  };
  const u32 = (v: number) => {
    view.setUint32(at, v >>> 0, true);
    at += 4;
  };
  const bytes = (b: Uint8Array) => {
    out.set(b, at);
    at += b.length;
  };
  /** The fields local and central headers share, from "version needed" to the name length. */
  const common = (e: (typeof encoded)[number]) => {
    u16(VERSION);
    u16(0); // flags: sizes known up front, no data descriptor
    u16(0); // method: stored
    u16(DOS_TIME);
    u16(DOS_DATE);
    u32(e.crc);
    u32(e.bytes.length); // compressed size
    u32(e.bytes.length); // uncompressed size
    u16(e.nameBytes.length);
  };

  const offsets: number[] = [];
  for (const e of encoded) {
    offsets.push(at);
    u32(LOCAL_HEADER);
    common(e);
    u16(0); // extra field length
    bytes(e.nameBytes);
    bytes(e.bytes);
  }
  const centralStart = at;
  encoded.forEach((e, i) => {
    u32(CENTRAL_HEADER);
    u16(VERSION); // made by (MS-DOS attributes)
    common(e);
    u16(0); // extra field length
    u16(0); // comment length
    u16(0); // disk number
    u16(0); // internal attributes
    u32(0); // external attributes
    u32(offsets[i]!);
    bytes(e.nameBytes);
  });
  u32(END_OF_CENTRAL);
  u16(0); // this disk
  u16(0); // disk with the central directory
  u16(encoded.length);
  u16(encoded.length);
  u32(centralBytes);
  u32(centralStart);
  u16(0); // comment length
  return out;
}
