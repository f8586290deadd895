import type { ReactNode } from 'react';

/** Rich-text tags the public catalogue texts use: <b>…</b> marks the key phrase of a sentence. */
export const richText = {
  b: (chunks: ReactNode[]) => <strong>{chunks}</strong>,
};
