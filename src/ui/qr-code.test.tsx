// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../i18n/test-providers';
import { QrCode, qrPath } from './qr-code';

describe('qrPath', () => {
  it('draws each run of dark modules of a row as one rectangle, shifted by the quiet zone', () => {
    // 3×3: row 0 "110", row 1 "010", row 2 "111"
    expect(qrPath({ size: 3, data: [1, 1, 0, 0, 1, 0, 1, 1, 1] }, 4)).toBe('M4 4h2v1h-2zM5 5h1v1h-1zM4 6h3v1h-3z');
    expect(qrPath({ size: 2, data: [0, 0, 0, 0] })).toBe('');
  });
});

describe('QrCode', () => {
  it('draws the encoder\'s modules as a named image, with the quiet zone', async () => {
    const text = 'CHMED16A1H4sIAAAAAAAEA';
    render(
      <TestProviders>
        <QrCode text={text} label="Mein eMediplan" />
      </TestProviders>,
    );
    const image = screen.getByRole('img', { name: 'Mein eMediplan' });
    await waitFor(() => expect(image.getAttribute('data-qr-ready')).toBe('true'));
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    expect(image.getAttribute('viewBox')).toBe(`0 0 ${modules.size + 8} ${modules.size + 8}`);
    expect(image.querySelector('path')?.getAttribute('d')).toBe(qrPath({ size: modules.size, data: modules.data }));
  });
});
