// The plan settings' table name on its own: the mirror's read of it (local/mirror-query.ts) stays
// free of the registry and the form rules it carries.
export const PLAN_SETTINGS_TABLE = 'patient_plan_settings';
