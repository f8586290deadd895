// The customer record (spec §3, §7): the customer row and the lists nested in it, pulled by one
// select (webshop_customers with its related tables) and reloaded as one by realtime. One module
// for the seven tables rather than seven: they are one record to the app — one select, one store
// (`customers`), one reload — and the select's order is the order of the lists here.
import { bmi } from '../../domain/bmi';
import { always, declareTable, type Row } from './table-declaration';

/** The tables' names, as the commands write them (`TablesInsert<typeof …>` of database.types.ts). */
export const CUSTOMER = 'webshop_customers';
export const ADDRESS = 'webshop_customer_address';
export const INSURANCE = 'webshop_customer_insurance';
export const QUESTIONNAIRE = 'webshop_customer_questionnaire';
export const ORDER_DEFAULTS = 'webshop_customer_order_defaults';
export const ADDITIONAL_INFO = 'webshop_customer_additional_info';
export const PRESCRIPTIONS = 'webshop_customer_medication';

/** The read form of an insurance row (spec §3) is generated from its save form. */
function insuranceReadForm(row: Row): Row {
  return {
    ...row,
    insurance_name: row.insurance ?? null,
    insurance_nr: row.veka_nr ?? null,
    insurance_police_nr: row.police_nr ?? null,
    voluntary_insurance_name: row.additional_insurance ?? null,
    voluntary_insurance_nr: row.additional_insurance_nr ?? null,
  };
}

function withBmi(row: Row): Row {
  const { weight, size } = row;
  return { ...row, bmi: weight != null && size != null ? bmi(Number(weight), Number(size)) : null };
}

/** The server resets `handled` when the send method changes, and a new row starts with it false and no send_asap. */
function sendMethodMerge(old: Row | undefined, fields: Row): Row {
  if (!old) return { send_asap: null, handled: false, ...fields };
  const methodChanged = 'prescription_send_method' in fields && old.prescription_send_method !== fields.prescription_send_method;
  return methodChanged ? { ...fields, handled: false } : fields;
}

/**
 * spec §7: the customer row with the nested related tables, as a literal (supabase-js infers the
 * answer's type from it; pull/queries.ts). A test keeps it equal to the registry's customerSelect().
 */
export const CUSTOMER_SELECT =
  '*, webshop_customer_address(*), webshop_customer_insurance(*), webshop_customer_questionnaire(*), webshop_customer_order_defaults(*), webshop_customer_additional_info(*), webshop_customer_medication(*)';

/** The customer row and its lists in the order of the spec §7 select. */
export const CUSTOMER_RECORD_TABLES = [
  declareTable({ name: CUSTOMER, mirror: 'customer', write: 'upsert', label: always('sync.kind.customer') }),
  declareTable({ name: ADDRESS, mirror: 'list', write: 'fields', label: always('sync.kind.address') }),
  declareTable({ name: INSURANCE, mirror: 'list', write: 'fields', derive: insuranceReadForm, label: always('sync.kind.insurance') }),
  declareTable({ name: QUESTIONNAIRE, mirror: 'list', write: 'fields', derive: withBmi, label: always('sync.kind.questionnaire') }),
  declareTable({ name: ORDER_DEFAULTS, mirror: 'list', write: 'insert', label: always('sync.kind.orderDefaults') }),
  declareTable({
    name: ADDITIONAL_INFO,
    mirror: 'list',
    write: 'fields',
    // saved by id and fields only (spec §7); customer_id defaults to auth.uid()
    writesCustomerId: false,
    merge: sendMethodMerge,
    label: (op, fields) => (op === 'delete' ? 'sync.kind.sendMethodReset' : fields.length === 1 && fields[0] === 'send_asap' ? 'sync.kind.sendAsap' : 'sync.kind.sendMethod'),
  }),
  declareTable({ name: PRESCRIPTIONS, mirror: 'list', write: null, label: always('sync.kind.customer') }),
] as const;
