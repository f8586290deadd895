// Spec §3/§4: the latest insurance, address, questionnaire, order defaults (and additional
// info) is the record with the highest id.
export function latestById<T extends { id: number }>(rows: readonly T[] | null | undefined): T | null {
  let latest: T | null = null;
  for (const row of rows ?? []) if (latest === null || row.id > latest.id) latest = row;
  return latest;
}
