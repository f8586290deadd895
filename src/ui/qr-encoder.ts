// Encodes text as a QR code's modules (error correction M) in a worker (qr-encoder.worker.ts),
// so a screen that shows a code stays responsive while it is made. Where no worker starts (none
// in this environment, or its file failed to load), the encoder runs on this thread instead: a
// code late by 50 ms beats no code.
export interface QrMatrix {
  /** modules per side, without the quiet zone */
  size: number;
  /** row by row, 1 for a dark module */
  data: ArrayLike<number>;
}

export interface QrRequest {
  id: number;
  text: string;
}

export type QrAnswer = { id: number; size: number; data: Uint8Array } | { id: number; failed: true };

type Pending = { text: string; resolve: (m: QrMatrix) => void; reject: (e: unknown) => void };

let worker: Worker | null = null;
let workerFailed = false;
let nextId = 1;
const pending = new Map<number, Pending>();

const encodeHere = async (text: string): Promise<QrMatrix> => (await import('./qr-matrix')).qrMatrixOf(text);

function settleHere(entries: Pending[]): void {
  for (const p of entries) encodeHere(p.text).then(p.resolve, p.reject);
}

function startWorker(): Worker | null {
  if (worker || workerFailed) return worker;
  if (typeof Worker === 'undefined') {
    workerFailed = true;
    return null;
  }
  try {
    worker = new Worker(new URL('./qr-encoder.worker.ts', import.meta.url), { type: 'module', name: 'qr-encoder' });
  } catch {
    workerFailed = true;
    return null;
  }
  worker.addEventListener('message', (event: MessageEvent<QrAnswer>) => {
    const answer = event.data;
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if ('failed' in answer) waiting.reject(new Error('the QR encoder refused the text'));
    else waiting.resolve({ size: answer.size, data: answer.data });
  });
  // the worker's file did not load (offline before it was cached, a server hiccup): this page
  // encodes on its own thread from now on, the codes asked for meanwhile too
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    worker?.terminate();
    worker = null;
    workerFailed = true;
    const waiting = [...pending.values()];
    pending.clear();
    settleHere(waiting);
  });
  return worker;
}

/** The modules of `text` as a QR code (error correction M). */
export function encodeQr(text: string): Promise<QrMatrix> {
  const w = startWorker();
  if (!w) return encodeHere(text);
  return new Promise<QrMatrix>((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { text, resolve, reject });
    w.postMessage({ id, text } satisfies QrRequest);
  });
}
