import { useCustomerRecord } from '../../data/hooks/use-customer-record';
import { useSetupFlags } from '../../data/hooks/use-setup-flags';
import type { CustomerRecord } from '../../domain/entities';
import type { CustomerFlags } from '../../domain/setup-state';

/** What every profile page reads from the mirror: the record and its flags (undefined while the first read runs). */
export function useProfileData(): { customer: CustomerRecord | null; flags: CustomerFlags } | undefined {
  const customer = useCustomerRecord();
  const flags = useSetupFlags();
  return customer === undefined || flags === undefined ? undefined : { customer, flags };
}
