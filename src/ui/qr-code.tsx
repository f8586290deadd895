import { startTransition, useEffect, useState } from 'react';
import { Msg } from '../i18n/msg';
import { encodeQr, type QrMatrix } from './qr-encoder';

/** The light modules around the symbol that a scanner needs (ISO/IEC 18004: four). */
export const QUIET_ZONE = 4;

/** The dark modules as one SVG path: each run of dark modules in a row is one rectangle. */
export function qrPath({ size, data }: QrMatrix, offset = QUIET_ZONE): string {
  let d = '';
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!data[row * size + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && data[row * size + col]) col++;
      d += `M${start + offset} ${row + offset}h${col - start}v1h${start - col}z`;
    }
  }
  return d;
}

type State = { text: string; matrix: QrMatrix } | { text: string; failed: true } | null;

/**
 * `text` as a QR code (error correction M), drawn as an SVG of black modules on white with its
 * quiet zone, so it scales to any size and prints sharp. The encoder (the `qrcode` package) runs
 * in a worker started the first time a code is drawn (qr-encoder.ts): no other screen carries
 * it. `label` names the image.
 * While `text` is null (still being made) or the encoder loads, the white square holds its place.
 */
export function QrCode({ text, label, className }: { text: string | null; label: string; className?: string }) {
  const [state, setState] = useState<State>(null);
  useEffect(() => {
    if (text === null) return;
    let current = true;
    encodeQr(text)
      // transitions: a screen around the code renders again without holding the main thread
      .then((matrix) => {
        if (current) startTransition(() => setState({ text, matrix }));
      })
      .catch(() => {
        if (current) startTransition(() => setState({ text, failed: true }));
      });
    return () => {
      current = false;
    };
  }, [text]);

  const shown = text !== null && state?.text === text ? state : null;
  if (shown && 'failed' in shown) {
    return (
      <p className="notice notice--danger">
        <Msg id="qr.failed" />
      </p>
    );
  }
  const side = (shown?.matrix.size ?? 21) + 2 * QUIET_ZONE;
  return (
    <svg
      className={className ? `qr-code ${className}` : 'qr-code'}
      viewBox={`0 0 ${side} ${side}`}
      role="img"
      aria-label={label}
      aria-busy={shown ? undefined : true}
      shapeRendering="crispEdges"
      data-qr-ready={shown ? 'true' : undefined}
    >
      <rect width={side} height={side} fill="#fff" />
      {shown ? <path d={qrPath(shown.matrix)} fill="#000" /> : null}
    </svg>
  );
}
