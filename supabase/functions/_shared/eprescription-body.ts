// The body of ePrescription (issue 37 item 7), described once: the function checks a request with
// this schema and the app's outbox builds it (src/data/tables/synced-tables.ts). Shape only; what
// the code holds is read by the function itself (chmed/prescription-code.ts). It imports valibot
// and nothing else: Deno bundles it with the function and the app's domain layer may read it.
import * as v from 'valibot';

/** The longest scanned text: what the app's reader takes (two codes' worth, src/domain/emediplan). */
export const EPRESCRIPTION_RAW_MAX = 131_072;
/** The largest summary (its JSON), as the table's CHECK has it. */
export const EPRESCRIPTION_SUMMARY_MAX = 65_536;

export const ePrescriptionBody = v.strictObject({
  /** the patient it is sent for, when a helper sends it (issue 41; the caller's own when absent) */
  customer_id: v.optional(v.pipe(v.string('customer_id must be a UUID'), v.uuid('customer_id must be a UUID'))),
  /** the scanned text exactly as given (the pharmacy verifies its signature) */
  raw: v.pipe(v.string('raw must be the scanned text'), v.minLength(1, 'raw is empty'), v.maxLength(EPRESCRIPTION_RAW_MAX, `raw is longer than ${EPRESCRIPTION_RAW_MAX} characters`)),
  /** what the patient was shown: doctor, date, medicaments */
  summary: v.pipe(
    v.custom<Record<string, unknown>>((x) => !!x && typeof x === 'object' && !Array.isArray(x), 'summary must be an object'),
    v.check((x) => JSON.stringify(x).length <= EPRESCRIPTION_SUMMARY_MAX, `summary is larger than ${EPRESCRIPTION_SUMMARY_MAX} characters`),
  ),
});

export type EPrescriptionBody = v.InferOutput<typeof ePrescriptionBody>;
