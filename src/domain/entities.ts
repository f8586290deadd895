// Entity types of spec §3. Field names are the table column names, since these objects
// mirror database rows (as PostgREST returns them, nested relations under their table name).
// They follow supabase/migrations (bigint ids and pharmacodes arrive as JSON numbers); a
// compile-time check in src/data (entities.types-check.ts) holds each column's type and
// nullability to the generated database types.
// Ids of records are numbers; the customer id is the auth user id (a uuid string).
// Dates: `created_at` is an ISO timestamp, `expires_at` and `birthday` are ISO dates
// ('YYYY-MM-DD'; a full timestamp is accepted where read, see zoned-time.ts).

/** A Swiss pharmacode (pharmindex.pharmacode, bigint). As a map key it is its decimal string. */
export type Pharmacode = number;
export type RecordId = number;
export type CustomerId = string;

export type Language = 'de' | 'fr';
/** Gender codes of spec §3/§9: 1 male, 2 female, 3 other. */
export type GenderCode = 1 | 2 | 3;

export interface Customer {
  id: CustomerId;
  first_name: string | null;
  last_name: string | null;
  gender: GenderCode | null;
  birthday: string | null;
  language: Language | null;
}

export interface Address {
  id: RecordId;
  customer_id: CustomerId;
  street: string | null;
  street_nr: string | null;
  address2: string | null;
  zip: string | null;
  city: string | null;
  phone: string | null;
}

/** Insurance as it is saved (upsert payload of webshop_customer_insurance, spec §3/§7). */
export interface InsuranceSave {
  id?: RecordId;
  customer_id: CustomerId;
  insurance: string | null;
  veka_nr: string | null;
  police_nr: string | null;
  additional_insurance: string | null;
  additional_insurance_nr: string | null;
}

/** Insurance as it is read (spec §3 read form): same meaning, other names. */
export interface InsuranceRead {
  id: RecordId;
  customer_id: CustomerId;
  insurance_name: string | null;
  insurance_nr: string | null;
  insurance_police_nr: string | null;
  voluntary_insurance_name: string | null;
  voluntary_insurance_nr: string | null;
}

/** A stored insurance row: either form, or both (the table adds the read form as generated
 * columns); see insurance.ts to normalise it. */
export type Insurance = InsuranceRead | (InsuranceSave & { id: RecordId });

export interface Questionnaire {
  id: RecordId;
  customer_id: CustomerId;
  /** kg */
  weight: number | null;
  /** cm */
  size: number | null;
  d_diabetes: boolean;
  d_high_bp: boolean;
  d_liver: boolean;
  d_blood_clotting: boolean;
  d_kidney: boolean;
  d_bronchi: boolean;
  d_others: string | null;
  a_penicillin: boolean;
  a_sulfonamide: boolean;
  a_asa: boolean;
  a_other: string | null;
  /** Pharmacodes of the other current medications. */
  external_medications: Pharmacode[];
}

export interface OrderDefaults {
  id: RecordId;
  customer_id: CustomerId;
  generic: boolean;
  substitute: boolean;
  probon: boolean;
  get_invoice: boolean;
  /** Standing comment for orders (the settings' comment). */
  comment: string | null;
}

/** post, e-mail from the doctor, a partner (espace), or a scanned e-prescription (issue 27). */
export type SendMethod = 'post' | 'email' | 'espace' | 'eprescription';

export interface AdditionalInfo {
  id: RecordId;
  customer_id: CustomerId;
  prescription_send_method: SendMethod | null;
  /** Id of the chosen espace partner (see ESPACE_PARTNERS). */
  prescription_location: string | null;
  send_asap: boolean | null;
  send_all: boolean | null;
  description: string | null;
  doc_name: string | null;
  cpg_name: string | null;
  /** set by the pharmacy when the announced prescription arrived */
  handled: boolean;
}

/** Stored dosage: canonical numeric[4] (as in the table); a string "1-0-1-0" is accepted too. */
export type StoredDosage = string | readonly number[];

/** A prescription: one row of webshop_customer_medication. */
export interface Prescription {
  id: RecordId;
  customer_id: CustomerId;
  medication_id: Pharmacode;
  /** morning, noon, evening, night */
  dosage: readonly number[];
  comment: string | null;
  expires_at: string;
  single_use: boolean;
  used: boolean;
  intake: string | null;
}

export interface OrderItem {
  id: RecordId;
  pharmacode: Pharmacode;
  amount: number;
}

/** Order status codes of spec §4 (other numbers may arrive; see order-status.ts). */
export type OrderStatusCode = 0 | 1 | 2 | 3 | 4 | 10 | 90 | 98 | 99 | 100;

export interface Order {
  id: RecordId;
  created_at: string;
  customer_id: CustomerId;
  parent: RecordId | null;
  status: number;
  /** Sub-packages (partial deliveries), each an order. */
  children?: Order[] | null;
  webshop_order_item?: OrderItem[] | null;
  delivery_nr: string | null;
  /** 1 means postal tracking (Swiss Post). */
  delivery_method: number | null;
  comment: string | null;
}

export interface Medication {
  pharmacode: Pharmacode;
  prdno: number | null;
  dscrd: string;
  dscrf: string | null;
  nincd: number | null;
  qty: number | null;
  qtyu: string | null;
  /** 1 means a coinsurance rate applies (40 % deductible). */
  sloplus: number | null;
  pharmindex_images?: { picfront: string | null; picfront3d: string | null } | null;
  pharmindex_prices?: { price: number } | null;
  pharmindex_product?: { dose: string | null; doseu: string | null } | null;
}

export interface GenericAlternative {
  price: number;
  quantity: number;
  quantity_unit: string | null;
  dscrd: string;
  /** webshopGenericMeds also answers the article's pharmacode and French name */
  pharmacode?: Pharmacode;
  dscrf?: string | null;
}

/**
 * The patient information of a product (spec §3 Medication, §7 compendium lookup:
 * pharmindex_compendium_product by prdno, cdtexttype PI, joined with pharmindex_compendium).
 * Both texts null: the compendium has none for this product.
 */
export interface PatientInformation {
  prdno: number;
  content_de: string | null;
  content_fr: string | null;
}

/**
 * The patient's plan settings (one row per patient: src/data/tables/plan-settings.ts): the wall-clock
 * time 'HH:MM' in Europe/Zurich of each intake period on the printed plan, in the calendar and
 * its reminders, and how many days ahead a refill is suggested.
 */
export interface PlanSettings {
  customer_id: CustomerId;
  morning_time: string;
  noon_time: string;
  evening_time: string;
  night_time: string;
  refill_lead_days: number;
}

/** The customer record as loaded with its nested related tables (spec §7). */
export interface CustomerRecord extends Customer {
  webshop_customer_address?: Address[] | null;
  webshop_customer_insurance?: Insurance[] | null;
  webshop_customer_questionnaire?: Questionnaire[] | null;
  webshop_customer_order_defaults?: OrderDefaults[] | null;
  webshop_customer_additional_info?: AdditionalInfo[] | null;
  webshop_customer_medication?: Prescription[] | null;
}

/** Address fields of an order (draft and webshopOrder body). */
export interface OrderAddress {
  street: string;
  street_nr: string;
  address2: string | null;
  zip: string;
  city: string;
}

/** The client-side draft order (spec §3): pharmacode -> quantity, address, comment. */
export interface DraftOrder {
  /** Key: the pharmacode as decimal string (as in p_medications); value: amount 1..99. */
  medications: Readonly<Record<string, number>>;
  /** null: use the customer's latest address. */
  address: OrderAddress | null;
  /** null: not edited, the order defaults' comment applies. */
  comment: string | null;
}
