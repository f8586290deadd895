// E-prescriptions for the end-to-end tests (issue 27): HIN links made by our own CHMED16A
// encoder, their QR codes as a PNG (a photo or a screenshot of the PDF) and as a .y4m video for
// Chromium's fake camera (--use-file-for-fake-video-capture). The video is written here from the
// QR code's modules (YUV 4:2:0, grey: Y black or white, U = V = 128), so the tests need no ffmpeg.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';
import { encodeChmed16a } from '../../src/domain/emediplan/chmed16a';
import type { Chmed16aDocument, Chmed16aMedicament } from '../../src/domain/emediplan/chmed16a-model';

export interface CodePatient {
  first: string;
  last: string;
  birthday: string;
}

export interface LinkOptions {
  id?: string;
  /** Dt of the document (default: an hour ago) */
  dt?: string;
  medType?: 1 | 2 | 3;
  medicaments?: Chmed16aMedicament[];
  /** no HcPerson, as most HIN codes (revision 1): the doctor is the signer the link names */
  noPerson?: boolean;
}

/** The CHMED16A document of a prescription by "Dr. Jürg Bärtschi" for this patient. */
export function prescriptionDoc(patient: CodePatient, options: LinkOptions = {}): Chmed16aDocument {
  return {
    rev: 2,
    MedType: options.medType ?? 3,
    Id: options.id ?? randomUUID(),
    Auth: '7601000000017',
    Dt: options.dt ?? new Date(Date.now() - 3_600_000).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
    Patient: { FName: patient.first, LName: patient.last, BDt: patient.birthday, Gender: 2, Lng: 'de' },
    ...(options.noPerson ? {} : { HcPerson: { Gln: '7601000000017', FName: 'Jürg', LName: 'Bärtschi' } }),
    HcOrg: { Name: 'Hausarztpraxis Zürichberg', Street: 'Gloriastrasse 1', Zip: '8006', City: 'Zürich' },
    Medicaments: options.medicaments ?? [{ Id: 'Wollwachsalkoholsalbe 100 g', IdType: 1, AppInstr: 'Zweimal täglich dünn auftragen' }],
  };
}

/** The HIN e-prescription link: the code between # and the first &, then signer, time and signature. */
export async function hinLink(patient: CodePatient, options: LinkOptions = {}): Promise<string> {
  const code = await encodeChmed16a(prescriptionDoc(patient, options));
  const t = Math.floor(Date.now() / 1000);
  return `https://eprescription.hin.ch/#${code}&i=Dr.%20J%C3%BCrg%20B%C3%A4rtschi%20(jbaertschi)&t=${t}&s=${'5a7e'.repeat(32)}`;
}

/** A PNG of the QR code, as a phone's screenshot of the PDF would show it. */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 4, scale: 6 });
}

/** Writes a square .y4m video of `frames` identical frames that show the QR code of `text`. */
export function writeQrVideo(path: string, text: string, side = 720, frames = 3): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const scale = Math.floor(side / (modules.size + 2 * quiet));
  if (scale < 2) throw new Error(`a QR code of ${modules.size} modules does not fit ${side} px`);
  const offset = Math.floor((side - modules.size * scale) / 2);
  const luma = Buffer.alloc(side * side, 255);
  for (let y = 0; y < modules.size * scale; y++) {
    for (let x = 0; x < modules.size * scale; x++) {
      if (modules.get(Math.floor(y / scale), Math.floor(x / scale))) luma[(offset + y) * side + offset + x] = 0;
    }
  }
  const chroma = Buffer.alloc((side / 2) * (side / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(path, Buffer.concat([Buffer.from(`YUV4MPEG2 W${side} H${side} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: frames }, () => frame)]));
}
