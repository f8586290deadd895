// The QR encoder off the page's main thread: `qrcode` tries all eight masks of a code and scores
// each, about 50 ms of script for an eMediplan's code on a phone, which would block the screen
// right after its first paint. Answers `{ id, size, data }` (the modules, row by row) or
// `{ id, failed: true }`.
import { create } from 'qrcode';
import type { QrAnswer, QrRequest } from './qr-encoder';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.addEventListener('message', (event: MessageEvent<QrRequest>) => {
  const { id, text } = event.data;
  let answer: QrAnswer;
  try {
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    answer = { id, size: modules.size, data: Uint8Array.from(modules.data) };
  } catch {
    answer = { id, failed: true };
  }
  scope.postMessage(answer, 'data' in answer ? [answer.data.buffer] : []);
});
