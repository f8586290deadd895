// The QR encoder off the page's main thread: `qrcode` tries all eight masks of a code and scores
// each, about 50 ms of script for an eMediplan's code on a phone, which would block the screen
// right after its first paint. Answers `{ id, size, data }` (the modules, row by row) or
// `{ id, failed: true }`.
import type { QrAnswer, QrRequest } from './qr-encoder';
import { qrMatrixOf } from './qr-matrix';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.addEventListener('message', (event: MessageEvent<QrRequest>) => {
  const { id, text } = event.data;
  let answer: QrAnswer;
  try {
    answer = { id, ...qrMatrixOf(text) };
  } catch {
    answer = { id, failed: true };
  }
  scope.postMessage(answer, 'data' in answer ? [answer.data.buffer] : []);
});
