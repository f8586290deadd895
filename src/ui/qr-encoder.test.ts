import QRCode from 'qrcode';
import { afterEach, describe, expect, it, vi } from 'vitest';

const TEXT = 'CHMED16A1H4sIAAAAAAAEA';
const reference = () => {
  const { modules } = QRCode.create(TEXT, { errorCorrectionLevel: 'M' });
  return { size: modules.size, data: Array.from(modules.data) };
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('encodeQr', () => {
  it('encodes on this thread where no worker can start', async () => {
    vi.stubGlobal('Worker', undefined);
    const { encodeQr } = await import('./qr-encoder');
    const matrix = await encodeQr(TEXT);
    expect({ size: matrix.size, data: Array.from(matrix.data) }).toEqual(reference());
  });

  it('encodes the codes asked for on this thread when the worker\'s file fails to load, and does not try the worker again', async () => {
    // a browser's Worker whose script did not arrive: it fires `error` and never answers
    const started: string[] = [];
    class FailingWorker extends EventTarget {
      constructor(url: URL) {
        super();
        started.push(String(url));
        setTimeout(() => this.dispatchEvent(new Event('error', { cancelable: true })), 0);
      }
      postMessage(): void {}
      terminate(): void {}
    }
    vi.stubGlobal('Worker', FailingWorker);
    const { encodeQr } = await import('./qr-encoder');
    const [first, second] = await Promise.all([encodeQr(TEXT), encodeQr(TEXT)]);
    const third = await encodeQr(TEXT);
    for (const matrix of [first, second, third]) expect({ size: matrix.size, data: Array.from(matrix.data) }).toEqual(reference());
    expect(started).toHaveLength(1);
    expect(started[0]).toMatch(/qr-encoder\.worker\.ts$/u);
  });
});
