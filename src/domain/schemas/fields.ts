// Field schemas shared by the form schemas. Every issue carries a message id of messages.ts.
import * as v from 'valibot';
import { ORDER_COMMENT_MAX } from '../constants';
import { limits } from './limits';
import { msg, type MessageId } from './messages';

const removeSpaces = v.transform((value: string) => value.replace(/\s+/gu, ''));

/**
 * An object whose missing keys report the message the field itself gives for `undefined`
 * (valibot would otherwise use the object's own message for every missing key).
 */
export function formObject<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  return v.object(entries, (issue) => {
    const key = issue.path?.[0]?.key;
    const entry = typeof key === 'string' ? entries[key] : undefined;
    const message = entry ? v.safeParse(entry, undefined).issues?.[0].message : undefined;
    return message ?? msg.required;
  });
}

/** A required text: trimmed, not empty. */
export const requiredText = v.pipe(v.string(msg.required), v.trim(), v.nonEmpty(msg.required));

/** An optional text: trimmed; missing, null and undefined become ''. */
export const optionalText = v.pipe(v.nullish(v.string(msg.required), ''), v.trim());

/** The comment of an order (and the settings' comment for orders): trimmed, at most ORDER_COMMENT_MAX characters (the order RPC refuses more). */
export const orderCommentField = v.pipe(optionalText, v.maxLength(ORDER_COMMENT_MAX, msg.commentTooLong));

/** A text of at least `min` characters after trimming, one message for missing and short. */
export function minText(min: number, message: MessageId) {
  return v.pipe(v.string(message), v.trim(), v.minLength(min, message));
}

export const emailField = v.pipe(
  v.string(msg.required),
  v.trim(),
  v.nonEmpty(msg.required),
  v.email(msg.email),
);

/** A new password: required, spec §9 minimum. Never trimmed. */
export const newPasswordField = v.pipe(
  v.string(msg.required),
  v.nonEmpty(msg.required),
  v.minLength(limits.passwordMin, msg.passwordMin),
);

/** An existing password (sign-in): only required. */
export const passwordField = v.pipe(v.string(msg.required), v.nonEmpty(msg.required));

/** A 6-digit code (two-factor, e-mail change); spaces removed. */
export const codeField = v.pipe(
  v.string(msg.required),
  removeSpaces,
  v.nonEmpty(msg.required),
  v.regex(new RegExp(`^\\d{${limits.codeLength}}$`, 'u'), msg.code6),
);

/**
 * Spec §5 phone: spaces removed, then 0 and nine digits. The country code as people type it
 * (+41 79 …, 0041 79 …) is the leading 0 of the same number — as the server stores it
 * (private.form_phone in supabase/migrations/*_form_rules.sql).
 */
export const phoneField = v.pipe(
  v.string(msg.required),
  removeSpaces,
  v.transform((value: string) => value.replace(/^(?:\+|00)41/u, '0')),
  v.nonEmpty(msg.required),
  v.regex(/^0\d{9}$/u, msg.phone),
);

/** Digits only with spaces removed; required. */
export const requiredDigits = (message: MessageId) =>
  v.pipe(v.string(msg.required), removeSpaces, v.nonEmpty(msg.required), v.regex(/^\d+$/u, message));

/** Digits only with spaces removed; missing becomes ''. */
export const optionalDigits = v.pipe(
  v.nullish(v.string(msg.numeric), ''),
  removeSpaces,
  v.regex(/^\d*$/u, msg.numeric),
);

/**
 * A number typed into an input: a number or a numeric string (decimal comma allowed),
 * required, within [min, max].
 */
export function numberField(min: number, max: number, rangeMessage: MessageId) {
  return v.pipe(
    v.union([v.number(), v.string()], msg.required),
    v.transform((value) => String(value).trim().replace(',', '.')),
    v.nonEmpty(msg.required),
    v.regex(/^-?\d+(\.\d+)?$/u, msg.number),
    v.transform(Number),
    v.minValue(min, rangeMessage),
    v.maxValue(max, rangeMessage),
  );
}

/** A pharmacode: digits, given as number or string; output is the digit string. */
export const pharmacodeField = v.pipe(
  v.union([v.pipe(v.number(), v.integer(msg.pharmacode)), v.string()], msg.pharmacode),
  v.transform((value) => String(value).trim()),
  v.regex(/^\d+$/u, msg.pharmacode),
);
