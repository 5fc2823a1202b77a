import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32';

const ascii = (s: string) => new TextEncoder().encode(s);

describe('crc32', () => {
  it('matches the published check values', () => {
    // The CRC-32/ISO-HDLC check value of "123456789", and of the empty input.
    expect(crc32(ascii('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
    expect(crc32(ascii('The quick brown fox jumps over the lazy dog'))).toBe(0x414fa339);
  });

  it('changes when one bit changes', () => {
    const a = ascii('batchlab');
    const b = a.slice();
    b[3]! ^= 1;
    expect(crc32(a)).not.toBe(crc32(b));
  });
});
