// Reading a QR code from pixels (issue 27): the browser's own BarcodeDetector where it has one
// that reads QR codes (Chrome on Android, macOS, ChromeOS; Safari), else ZXing-C++ compiled to
// WebAssembly (zxing-wasm, its reader only). The decoder loads on first use — only on the
// e-prescription screen — and its .wasm file comes from the app's own origin: the build emits it
// as an asset (the `?url` import) and the service worker precaches it (vite.config.ts), so it
// works offline and no third party learns who scans prescriptions. zxing-wasm's default would
// fetch it from a CDN (jsDelivr): `locateFile` below replaces that default.

/** The part of the Shape Detection API used here (not in TypeScript's DOM library). */
interface BarcodeDetectorLike {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

export interface QrDecoder {
  kind: 'native' | 'wasm';
  /** the text of the first QR code in the picture, or null when it shows none */
  decode(image: ImageData): Promise<string | null>;
}

/** The browser's BarcodeDetector, when it reads QR codes. */
export async function nativeQrDecoder(scope: { BarcodeDetector?: unknown } = globalThis as { BarcodeDetector?: unknown }): Promise<QrDecoder | null> {
  const Detector = scope.BarcodeDetector as BarcodeDetectorClass | undefined;
  if (typeof Detector !== 'function') return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return {
      kind: 'native',
      async decode(image) {
        const found = await detector.detect(image);
        return found[0]?.rawValue ?? null;
      },
    };
  } catch {
    return null;
  }
}

/** ZXing's reader, its WebAssembly from this origin. */
export async function wasmQrDecoder(): Promise<QrDecoder> {
  const [{ prepareZXingModule, readBarcodes }, { default: wasmUrl }] = await Promise.all([import('zxing-wasm/reader'), import('zxing-wasm/reader/zxing_reader.wasm?url')]);
  prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(wasmUrl, globalThis.location?.href).href : prefix + path) } });
  return {
    kind: 'wasm',
    async decode(image) {
      const [first] = await readBarcodes(image, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 1 });
      return first?.isValid ? first.text : null;
    },
  };
}

let decoder: Promise<QrDecoder> | null = null;

/** The decoder of this browser, made once. */
export function qrDecoder(): Promise<QrDecoder> {
  decoder ??= nativeQrDecoder().then((native) => native ?? wasmQrDecoder());
  return decoder;
}

/** The pixels of a picture, scaled down to at most `maxSide` (a phone photo has 12 megapixels; a QR code needs far fewer). */
export function pixelsOf(source: CanvasImageSource, width: number, height: number, maxSide = 1600): ImageData | null {
  if (width === 0 || height === 0) return null;
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

/** The QR code's text in a chosen file (a photo, a screenshot of the PDF); null: none found or not a picture. */
export async function decodeImageFile(file: Blob): Promise<string | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    const pixels = pixelsOf(bitmap, bitmap.width, bitmap.height);
    return pixels ? await (await qrDecoder()).decode(pixels) : null;
  } finally {
    bitmap.close();
  }
}
