import { useEffect, useRef, useState } from 'react';
import { Msg, useMsg } from '../../../../i18n/msg';
import { pixelsOf, qrDecoder } from './qr-decoder';

export type CameraError = 'camera_denied' | 'camera_unavailable';

/** How often a frame is looked at: often enough to feel instant, rare enough for an old phone. */
const FRAME_MS = 250;

/**
 * The camera's picture with a QR code looked for in it (issue 27). Mounted only when the patient
 * chose to scan: the browser asks for the camera then, never before. The back camera where there
 * is one; the stream stops as soon as a code is read, on cancel and when the view goes.
 */
export function QrCamera({ onText, onError, onCancel }: { onText: (text: string) => void; onError: (error: CameraError) => void; onCancel: () => void }) {
  const t = useMsg();
  const video = useRef<HTMLVideoElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const [live, setLive] = useState(false);
  // the callbacks of the latest render, without restarting the camera when they change
  const handlers = useRef({ onText, onError });
  handlers.current = { onText, onError };

  useEffect(() => {
    cancel.current?.focus();
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };

    const look = async () => {
      const v = video.current;
      if (stopped || !v) return;
      if (v.readyState >= v.HAVE_CURRENT_DATA) {
        const pixels = pixelsOf(v, v.videoWidth, v.videoHeight, 1024);
        const text = pixels ? await (await qrDecoder()).decode(pixels).catch(() => null) : null;
        if (stopped) return;
        if (text) {
          stop();
          handlers.current.onText(text);
          return;
        }
      }
      timer = setTimeout(() => void look(), FRAME_MS);
    };

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        handlers.current.onError('camera_unavailable');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch (error) {
        if (!stopped) handlers.current.onError(error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError') ? 'camera_denied' : 'camera_unavailable');
        return;
      }
      if (stopped || !video.current) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      setLive(true);
      // the decoder loads while the picture starts
      void qrDecoder();
      void look();
    };
    void start();
    return stop;
  }, []);

  return (
    <div className="eprescription-camera">
      <video ref={video} className="eprescription-camera__video" muted playsInline aria-label={t('ePrescription.camera.video')} />
      <p className="eprescription-camera__hint" role="status">
        <Msg id={live ? 'ePrescription.camera.hint' : 'ePrescription.camera.starting'} />
      </p>
      <button ref={cancel} type="button" className="button button--secondary" onClick={onCancel}>
        <Msg id="ePrescription.camera.cancel" />
      </button>
    </div>
  );
}
