// The values of the /profile/basedata form (spec §5 Base data, Address, Phone): what the
// inputs start with, and what a valid form hands to the save commands.
import type { Address, Customer } from '../../domain/entities';
import type { AddressWithPhoneOutput } from '../../domain/schemas/address';
import type { BaseDataOutput } from '../../domain/schemas/base-data';

export interface PersonalValues {
  first_name: string;
  last_name: string;
  /** yyyy-mm-dd ('' when empty) */
  birthday: string;
  /** '1' | '2' | '3' | '' */
  gender: string;
}

export interface AddressValues {
  street: string;
  street_nr: string;
  address2: string;
  zip: string;
  city: string;
  phone: string;
}

/** The cleaned personal data saved with the customer (webshop_customers, spec §7). */
export type PersonalSave = BaseDataOutput;

/** The cleaned address saved as a new address row (webshop_customer_address, spec §7). */
export interface AddressSave {
  street: string;
  street_nr: string;
  address2: string | null;
  zip: string;
  city: string;
  /** spaces removed: 0 and nine digits */
  phone: string;
}

export type CustomerFields = Pick<Customer, 'first_name' | 'last_name' | 'birthday' | 'gender'>;
export type StoredAddress = Pick<Address, 'street' | 'street_nr' | 'address2' | 'zip' | 'city' | 'phone'>;

const text = (v: string | null | undefined): string => v ?? '';

/** spec §5: the fields are disabled once a profile exists, i.e. the first name is set. */
export const hasProfile = (customer: CustomerFields | null | undefined): boolean => !!customer?.first_name?.trim();

export function personalValues(customer: CustomerFields | null | undefined): PersonalValues {
  return {
    first_name: text(customer?.first_name),
    last_name: text(customer?.last_name),
    birthday: text(customer?.birthday).slice(0, 10),
    gender: customer?.gender ? String(customer.gender) : '',
  };
}

export function addressValues(address: StoredAddress | null | undefined): AddressValues {
  return {
    street: text(address?.street),
    street_nr: text(address?.street_nr),
    address2: text(address?.address2),
    zip: text(address?.zip),
    city: text(address?.city),
    phone: text(address?.phone),
  };
}

/** A valid form's address as saved: an empty address line 2 is stored as null. */
export function addressSave(output: AddressWithPhoneOutput): AddressSave {
  return {
    street: output.street,
    street_nr: output.street_nr,
    address2: output.address2 === '' ? null : output.address2,
    zip: output.zip,
    city: output.city,
    phone: output.phone,
  };
}

/** A stored text and a cleaned value name the same thing (surrounding spaces and null as empty do not count). */
export const sameStoredText = (stored: unknown, next: unknown): boolean => String(stored ?? '').trim() === (next === null || next === undefined ? '' : String(next));
