import { describe, expect, it } from 'vitest';
import { fakeJpegBytes, fakePngBytes } from '../../../test/fixtures/fakeImageFiles';
import { looksComplete, readImageHeader, sniffFormat } from './imageHeader';

const px = (n: number) => new Uint8Array(n * 4).fill(9);
const tailOf = (b: Uint8Array) => b.subarray(b.length - 16);

describe('imageHeader', () => {
  it('reads the size of a PNG and of a JPEG (SOF after an APP0 segment)', () => {
    expect(readImageHeader(fakePngBytes(5, 3, px(15)))).toEqual({ format: 'png', widthPx: 5, heightPx: 3 });
    expect(readImageHeader(fakeJpegBytes(7, 2, px(14)))).toEqual({ format: 'jpeg', widthPx: 7, heightPx: 2 });
  });

  it('reads a WebP VP8X canvas size', () => {
    const b = new Uint8Array(30);
    b.set(
      [...'RIFF'].map((c) => c.charCodeAt(0)),
      0,
    );
    b.set([22, 0, 0, 0], 4);
    b.set(
      [...'WEBPVP8X'].map((c) => c.charCodeAt(0)),
      8,
    );
    b.set([199, 0, 0, 99, 0, 0], 24); // width − 1 = 199, height − 1 = 99 (24-bit little endian)
    expect(readImageHeader(b)).toEqual({ format: 'webp', widthPx: 200, heightPx: 100 });
    expect(looksComplete('webp', b, b.subarray(14), 30)).toBe(true);
    expect(looksComplete('webp', b, b.subarray(14), 29)).toBe(false);
  });

  it('refuses what is not a JPEG, PNG or WebP', () => {
    const text = new TextEncoder().encode('<img src=x onerror=alert(1)>');
    expect(sniffFormat(text)).toBeNull();
    expect(readImageHeader(text)).toBeNull();
    expect(readImageHeader(new Uint8Array(0))).toBeNull();
  });

  it('tells a whole JPEG / PNG from one cut short', () => {
    const jpeg = fakeJpegBytes(4, 4, px(16));
    const png = fakePngBytes(4, 4, px(16));
    expect(looksComplete('jpeg', jpeg, tailOf(jpeg), jpeg.length)).toBe(true);
    expect(looksComplete('png', png, tailOf(png), png.length)).toBe(true);
    const cutJpeg = jpeg.subarray(0, jpeg.length - 20);
    const cutPng = png.subarray(0, png.length - 20);
    expect(looksComplete('jpeg', cutJpeg, tailOf(cutJpeg), cutJpeg.length)).toBe(false);
    expect(looksComplete('png', cutPng, tailOf(cutPng), cutPng.length)).toBe(false);
    const padded = Uint8Array.from([...jpeg, 0, 0, 0]);
    expect(looksComplete('jpeg', padded, tailOf(padded), padded.length)).toBe(true);
  });
});
