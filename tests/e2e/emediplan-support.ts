// What the eMediplan tests read outside the page (not a test file): the code in a picture
// (zxing-wasm, the reader's own WebAssembly from node_modules), the text and page size of a PDF
// (pdfjs), and the plan the encoder makes of what the server holds for a patient.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { planFromPrescriptions } from '../../src/domain/emediplan/plan-from-prescriptions';
import type { Chmed16aDocument } from '../../src/domain/emediplan/chmed16a-model';
import type { Customer, Insurance, Order, Prescription } from '../../src/domain/entities';
import { readInsurance } from '../../src/domain/insurance';
import { latestById } from '../../src/domain/latest-by-id';
import { service } from './patients';

const require = createRequire(import.meta.url);
let prepared = false;

/** The text of the one QR code in a picture (PNG bytes). */
export async function decodeQr(png: Buffer): Promise<string> {
  if (!prepared) {
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer }, fireImmediately: true });
    prepared = true;
  }
  const found = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 2 });
  if (found.length !== 1 || !found[0]?.isValid) throw new Error(`expected one QR code, read ${found.length}`);
  return found[0].text;
}

/** A PDF's text (whitespace collapsed) and the size of each page in points. */
export async function pdfContent(pdf: Buffer): Promise<{ text: string; pages: [number, number][] }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const parts: string[] = [];
  const pages: [number, number][] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const [, , width = 0, height = 0] = page.view;
    pages.push([Math.round(width), Math.round(height)]);
    parts.push((await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return { text: parts.join('\n').replace(/\s+/g, ' '), pages };
}

export interface ServerPlan {
  customer: Customer;
  prescriptions: Prescription[];
  medications: { pharmacode: number; qty: number | null; qtyu: string | null; dscrd: string; dscrf: string | null }[];
  /** every order node (children too, each at the top level): what was delivered */
  orders: Order[];
  veka: string | null;
}

/** What the server holds for the patient's plan (the service role: the ground truth). */
export async function serverPlan(customerId: string): Promise<ServerPlan> {
  const db = service();
  const { data, error } = await db.from('webshop_customers').select('*, webshop_customer_medication(*), webshop_customer_insurance(*)').eq('id', customerId).single();
  if (error) throw new Error(error.message);
  const record = data as Customer & { webshop_customer_medication: Prescription[]; webshop_customer_insurance: Insurance[] };
  const codes = [...new Set(record.webshop_customer_medication.map((p) => p.medication_id))];
  const meds = await db.from('pharmindex').select('pharmacode, qty, qtyu, dscrd, dscrf').in('pharmacode', codes);
  if (meds.error) throw new Error(meds.error.message);
  const orders = await db.from('webshop_order').select('*, webshop_order_item(*)').eq('customer_id', customerId);
  if (orders.error) throw new Error(orders.error.message);
  const insurance = latestById(record.webshop_customer_insurance);
  return {
    customer: record,
    prescriptions: [...record.webshop_customer_medication].sort((a, b) => a.id - b.id),
    medications: meds.data as ServerPlan['medications'],
    orders: (orders.data as Order[]).map((o) => ({ ...o, children: [] })),
    veka: insurance ? readInsurance(insurance).insurance_nr : null,
  };
}

/** The plan the encoder makes of the server's data, at the instant and with the id a decoded code names. */
export function expectedPlan(server: ServerPlan, decoded: Pick<Chmed16aDocument, 'Dt' | 'Id'>): Chmed16aDocument {
  const { customer } = server;
  return planFromPrescriptions(
    {
      patient: { first_name: customer.first_name, last_name: customer.last_name, birthday: customer.birthday, gender: customer.gender, language: customer.language, veka_nr: server.veka },
      prescriptions: server.prescriptions,
      medications: server.medications,
      orders: server.orders,
    },
    { now: new Date(decoded.Dt), id: decoded.Id },
  );
}
