// The tolerant field readers of CHMED documents: shared with the ePrescription function, which
// reads a code's Id and MedType exactly as the app does.
export * from '../../../supabase/functions/_shared/chmed/json-fields.ts';
