// Binary media the demo server makes in code (no asset files, no network): PNG images,
// SVG icons and a WAV tone, so every result and icon kind can be shown offline.
import { deflateSync } from "node:zlib";

type Rgb = readonly [number, number, number];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Encodes an RGB image, given as a pixel function, as a PNG. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: truecolour
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let o = 0;
  for (let y = 0; y < height; y++) {
    raw[o++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[o++] = r;
      raw[o++] = g;
      raw[o++] = b;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A round badge: a filled disc of `fg` on `bg`, used for PNG tool icons. */
export function badgePng(size: number, fg: Rgb, bg: Rgb): Buffer {
  const r = size / 2;
  return encodePng(size, size, (x, y) => {
    const d = Math.hypot(x + 0.5 - r, y + 0.5 - r);
    return d < r * 0.8 ? fg : bg;
  });
}

/** A bar chart of non-negative values, for the image result. */
export function barChartPng(values: readonly number[], width = 320, height = 180): Buffer {
  const max = Math.max(1, ...values);
  const n = Math.max(1, values.length);
  const slot = width / n;
  return encodePng(width, height, (x, y) => {
    const i = Math.min(n - 1, Math.floor(x / slot));
    const barHeight = ((values[i] ?? 0) / max) * (height - 16);
    const inBar = x % slot > slot * 0.15 && x % slot < slot * 0.85 && height - y <= barHeight;
    if (inBar) return [79, 70, 229];
    return y === height - 1 ? [148, 163, 184] : [248, 250, 252];
  });
}

export function pngDataUri(png: Buffer): string {
  return `data:image/png;base64,${png.toString("base64")}`;
}

export function svgDataUri(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}`;
}

/** A 16-bit mono PCM WAV of a sine tone with short fades (no clicks). */
export function toneWav(frequencyHz: number, durationMs: number, sampleRate = 8000): Buffer {
  const samples = Math.round((sampleRate * durationMs) / 1000);
  const data = Buffer.alloc(samples * 2);
  const fade = Math.min(samples / 4, sampleRate * 0.01);
  for (let i = 0; i < samples; i++) {
    const envelope = Math.min(1, i / fade, (samples - i) / fade);
    const value = Math.sin((2 * Math.PI * frequencyHz * i) / sampleRate) * envelope * 0.6;
    data.writeInt16LE(Math.round(value * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
