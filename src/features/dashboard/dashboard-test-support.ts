// Test data of the dashboard's tests: a patient with a complete setup and the demo patient's
// kinds of prescriptions (spec §3 entities), medication details and orders.
import type { AdditionalInfo, CustomerRecord, Medication, Order, Prescription } from '../../domain/entities';
import type { MedicationLookup } from './dashboard-rows';

export const rx = (id: number, medication_id: number, dosage: number[], extra: Partial<Prescription> = {}): Prescription => ({
  id,
  customer_id: 'u1',
  medication_id,
  dosage,
  comment: null,
  expires_at: '2026-12-31',
  single_use: false,
  used: false,
  intake: null,
  ...extra,
});

export const med = (pharmacode: number, dscrd: string, dscrf: string | null = null): Medication => ({
  pharmacode,
  prdno: null,
  dscrd,
  dscrf,
  nincd: 10,
  qty: 30,
  qtyu: 'Stk',
  sloplus: null,
  pharmindex_images: { picfront: null, picfront3d: 'x.jpg' },
});

export const order = (id: number, status: number, items: number[], extra: Partial<Order> = {}): Order & { pending?: boolean } => ({
  id,
  created_at: '2026-03-01T09:00:00Z',
  customer_id: 'u1',
  parent: null,
  status,
  children: [],
  webshop_order_item: items.map((pharmacode, i) => ({ id: id * 10 + i, pharmacode, amount: 1 })),
  delivery_nr: null,
  delivery_method: null,
  comment: null,
  ...extra,
});

export const info = (extra: Partial<AdditionalInfo> = {}): AdditionalInfo => ({
  id: 1,
  customer_id: 'u1',
  prescription_send_method: 'post',
  prescription_location: null,
  send_asap: true,
  send_all: true,
  description: null,
  doc_name: 'Dr. Roth',
  cpg_name: 'Praxis Roth',
  handled: true,
  ...extra,
});

// a complete setup (spec §4 hasSetup) with the demo patient's kind of prescriptions
export const COMPLETE = {
  id: 'u1',
  first_name: ' Sandra ',
  last_name: 'Meier',
  gender: 2,
  birthday: '1961-04-12',
  language: 'de',
  webshop_customer_address: [{ id: 1, customer_id: 'u1', street: 'Rosenweg', street_nr: '3', address2: null, zip: '8400', city: 'Winterthur', phone: '0521234567' }],
  webshop_customer_insurance: [{ id: 1, customer_id: 'u1', insurance_name: 'CSS', insurance_nr: '80756012340012345678', insurance_police_nr: '1', voluntary_insurance_name: null, voluntary_insurance_nr: null }],
  webshop_customer_questionnaire: [{ id: 1, customer_id: 'u1', weight: 64, size: 165 }],
  webshop_customer_order_defaults: [{ id: 1, customer_id: 'u1', generic: false, substitute: true, probon: true, get_invoice: false, comment: null }],
  webshop_customer_additional_info: [info()],
  webshop_customer_medication: [
    rx(1, 1001, [0, 0, 1, 0], { intake: 'abends' }), // ATORVASTATIN
    rx(2, 1002, [1, 0, 0, 0], { comment: ' Blutdruck regelmässig messen ' }), // AMLOVASC
    rx(3, 1003, [0.5, 0, 0, 0]), // ESCITALOPRAM
    rx(4, 1004, [1, 0, 1, 0], { expires_at: '2026-03-19' }), // METFORMIN, expiring
    rx(5, 1005, [1, 1, 1, 1], { expires_at: '2026-03-01' }), // expired
    rx(6, 1006, [1, 1, 1, 0], { single_use: true, used: true, expires_at: '2026-03-05' }), // single-use, ordered and expired
    rx(7, 1007, [0, 0, 0, 1]), // no details mirrored
  ],
} as unknown as CustomerRecord;

export const MEDICATIONS: MedicationLookup = new Map(
  [med(1001, 'ATORVASTATIN Filmtabl 20 mg', 'ATORVASTATINE cpr pell 20 mg'), med(1002, 'AMLOVASC Tabl 5 mg'), med(1003, 'ESCITALOPRAM Filmtabl 10 mg'), med(1004, 'METFORMIN Filmtabl 500 mg'), med(1005, 'LISOPRESS Tabl 10 mg')].map((m) => [m.pharmacode, m]),
);

