// The one place the QR code's modules are made (error correction M): the encoder's worker runs it,
// and the page itself where no worker starts (qr-encoder.ts).
import { create } from 'qrcode';

/** The modules of `text`, row by row (1 for a dark module), as a copy the worker can hand over. */
export function qrMatrixOf(text: string): { size: number; data: Uint8Array } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, data: Uint8Array.from(modules.data) };
}
