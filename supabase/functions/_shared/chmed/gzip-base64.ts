// The compressed CHMED transport: base64 of gzip (the specification's reference is
// `gzip -n | base64`), with the platform's CompressionStream / DecompressionStream. Shared by the
// app (src/domain/emediplan) and the ePrescription function, which reads the code itself.
import { err, ok, type Result } from './result.ts';

/** Standard base64 with padding, on one line (what `base64 -w0` writes). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // String.fromCharCode takes its arguments on the stack: pass the bytes in slices.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * The bytes of a base64 text, or null when it is not base64. Line breaks (`base64` wraps at 76
 * columns) are dropped; a space stands for the '+' that a form decoding turned into one; the
 * URL-safe alphabet is accepted too.
 */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> | null {
  const cleaned = text.replace(/[\r\n\t]/g, '').replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/');
  if (cleaned === '' || !/^[A-Za-z0-9+/]*={0,2}$/.test(cleaned)) return null;
  let binary: string;
  try {
    binary = atob(cleaned);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
  }
  return concat(chunks, length);
}

function concat(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

export async function gzip(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const compression = new CompressionStream('gzip');
  const writer = compression.writable.getWriter();
  void writer.write(bytes);
  void writer.close();
  return readAll(compression.readable);
}

// Deflate inflates at most ~1032:1; fed in slices of this size the stream can overshoot the
// output limit by about 1 MiB before the reader stops it.
const INPUT_SLICE = 1024;

/**
 * The inflated bytes, never more than `maxBytes`: the input is fed in small slices and the
 * reading stops as soon as the output passes the limit, so a gzip bomb costs at most a little
 * more than the limit in memory and time.
 */
export async function gunzip(bytes: Uint8Array<ArrayBuffer>, maxBytes: number): Promise<Result<Uint8Array, 'bad_gzip' | 'too_large'>> {
  if (bytes.length < 18 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) return err('bad_gzip');
  const decompression = new DecompressionStream('gzip');
  const writer = decompression.writable.getWriter();
  const reader = decompression.readable.getReader();
  const feeding = (async () => {
    for (let i = 0; i < bytes.length; i += INPUT_SLICE) {
      await writer.ready;
      await writer.write(bytes.subarray(i, i + INPUT_SLICE));
    }
    await writer.close();
  })();
  // the reader sees the stream's error; the feeding's own rejection needs no second answer
  feeding.catch(() => undefined);
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.byteLength;
      if (length > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return err('too_large');
      }
      chunks.push(value);
    }
  } catch {
    return err('bad_gzip');
  }
  return ok(concat(chunks, length));
}
