// Compile-time only: the domain's entity types (src/domain/entities.ts, which must not import
// src/data) against the generated database types. For every column an entity shares with its
// table, the entity's values must fit the column and the column's values the entity, with null
// on both sides or on neither. The one allowance: an entity may narrow a column to the values a
// CHECK constraint permits (gender 1..3, language de/fr, the send method). `npm run typecheck`
// fails here, naming the columns, when a migration and an entity part ways.
import type {
  AdditionalInfo,
  Address,
  Customer,
  InsuranceRead,
  Medication,
  Order,
  OrderDefaults,
  OrderItem,
  PlanSettings,
  Prescription,
  Questionnaire,
} from '../domain/entities';
import type { CaregiverGrant } from '../domain/caregivers/grants';
import type { DoseMark } from '../domain/doses/dose-mark';
import type { Database, Tables, TablesInsert } from './database.types';
import type { Widen } from './rows';

type Nullable<T> = null extends T ? true : false;
// a readonly array in the domain holds what a column's array holds
type Mutable<T> = T extends readonly (infer U)[] ? U[] : T;
type Fits<A, B> = [Mutable<A>] extends [B] ? true : false;

/** The columns (no embeddings or computed fields: those are not in Insert) where entity and row disagree. */
type Mismatched<E, Row, Columns> = {
  [K in keyof E & keyof Row & Columns]-?: Fits<E[K], Row[K]> extends true
    ? Fits<Row[K], Widen<E[K]>> extends true
      ? Fits<Nullable<E[K]>, Nullable<Row[K]>> extends true
        ? never
        : K
      : K
    : K;
}[keyof E & keyof Row & Columns];

type Agree<E, T extends keyof Database['public']['Tables']> = Mismatched<E, Tables<T>, keyof TablesInsert<T>>;

/** Fails to compile unless the union of mismatched columns is empty. */
type None<T extends never> = T;

export type _Checks = [
  None<Agree<Customer, 'webshop_customers'>>,
  None<Agree<Address, 'webshop_customer_address'>>,
  None<Agree<InsuranceRead, 'webshop_customer_insurance'>>,
  None<Agree<Questionnaire, 'webshop_customer_questionnaire'>>,
  None<Agree<OrderDefaults, 'webshop_customer_order_defaults'>>,
  None<Agree<AdditionalInfo, 'webshop_customer_additional_info'>>,
  None<Agree<Prescription, 'webshop_customer_medication'>>,
  None<Agree<DoseMark, 'webshop_customer_dose_mark'>>,
  None<Agree<Order, 'webshop_order'>>,
  None<Agree<OrderItem, 'webshop_order_item'>>,
  None<Agree<PlanSettings, 'patient_plan_settings'>>,
  None<Agree<CaregiverGrant, 'caregiver_grants'>>,
  None<Agree<Medication, 'pharmindex'>>,
  None<Agree<NonNullable<Medication['pharmindex_images']>, 'pharmindex_images'>>,
  None<Agree<NonNullable<Medication['pharmindex_prices']>, 'pharmindex_prices'>>,
  None<Agree<NonNullable<Medication['pharmindex_product']>, 'pharmindex_product'>>,
];
