// base64 of gzip, bounded gunzip: shared with the ePrescription function (it reads the code too).
export { base64ToBytes, bytesToBase64, gunzip, gzip } from '../../../supabase/functions/_shared/chmed/gzip-base64.ts';
