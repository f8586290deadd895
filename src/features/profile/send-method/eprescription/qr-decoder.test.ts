// Issue 27: the browser's own BarcodeDetector is used where it reads QR codes; elsewhere (and
// where it cannot) the WebAssembly decoder (tested in Chromium, which has no BarcodeDetector on
// Linux: tests/e2e/eprescription.spec.ts).
import { describe, expect, it } from 'vitest';
import { nativeQrDecoder } from './qr-decoder';

function detector(formats: string[], found: string[] = []) {
  return class {
    static getSupportedFormats = async () => formats;
    constructor(readonly options: { formats: string[] }) {}
    detect = async () => found.map((rawValue) => ({ rawValue }));
  };
}

const pixels = {} as ImageData;

describe('nativeQrDecoder', () => {
  it('takes the BarcodeDetector that reads QR codes, and answers the first code', async () => {
    const decoder = await nativeQrDecoder({ BarcodeDetector: detector(['ean_13', 'qr_code'], ['https://eprescription.hin.ch/#CHMED16A1x', 'other']) });
    expect(decoder?.kind).toBe('native');
    expect(await decoder?.decode(pixels)).toBe('https://eprescription.hin.ch/#CHMED16A1x');
  });

  it('answers null for a picture without a code', async () => {
    const decoder = await nativeQrDecoder({ BarcodeDetector: detector(['qr_code'], []) });
    expect(await decoder?.decode(pixels)).toBeNull();
  });

  it.each([
    ['no BarcodeDetector', {}],
    ['one without QR codes (a desktop with barcodes only)', { BarcodeDetector: detector(['ean_13', 'code_128']) }],
    [
      'one that fails',
      {
        BarcodeDetector: class {
          static getSupportedFormats = async () => {
            throw new Error('not supported');
          };
        },
      },
    ],
  ])('leaves it to the WebAssembly decoder with %s', async (_, scope) => {
    expect(await nativeQrDecoder(scope)).toBeNull();
  });
});
