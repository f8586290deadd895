// Spec §5 Send method (table webshop_customer_additional_info, spec §3 names). Two steps,
// validated separately because the form asks them one after the other (spec §4):
// 1. sendMethodSchema: prescription_send_method post | email | espace, then per method
//    - espace: prescription_location chosen; send_all answered; if not all, a description of
//      at least 3 characters (emptied in the output when send_all is true);
//    - email / post: doc_name and cpg_name each at least 3 characters after trimming;
//    - eprescription: nothing more (the scanned code says the rest, issue 27).
// 2. sendAsapSchema: send_asap answered (true or false).
// Message ids are the keys named in spec §5, in the 'sendMethod.' namespace.
import * as v from 'valibot';
import { formObject, minText, optionalText } from './fields';
import { limits } from './limits';
import { msg } from './messages';

export const sendMethods = ['post', 'email', 'espace', 'eprescription'] as const;
export type SendMethod = (typeof sendMethods)[number];

const espaceOption = v.pipe(
  formObject({
    prescription_send_method: v.literal('espace', msg.sendMethodMissing),
    prescription_location: v.pipe(v.string(msg.sendMethodLocation), v.trim(), v.nonEmpty(msg.sendMethodLocation)),
    send_all: v.boolean(msg.sendMethodSendAll),
    description: optionalText,
  }),
  v.forward(
    v.partialCheck(
      [['send_all'], ['description']],
      (input) => input.send_all || input.description.length >= limits.sendAllDescriptionMin,
      msg.sendMethodDescription,
    ),
    ['description'],
  ),
  v.transform((input) => (input.send_all ? { ...input, description: '' } : input)),
);

const contactDocName = minText(limits.contactNameMin, msg.sendMethodContactDoc);

const doctorOption = formObject({
  prescription_send_method: v.picklist(['post', 'email'], msg.sendMethodMissing),
  doc_name: contactDocName,
  cpg_name: contactDocName,
});

const ePrescriptionOption = formObject({ prescription_send_method: v.literal('eprescription', msg.sendMethodMissing) });

export const sendMethodSchema = v.variant(
  'prescription_send_method',
  [espaceOption, doctorOption, ePrescriptionOption],
  msg.sendMethodMissing,
);

export const sendAsapSchema = formObject({ send_asap: v.boolean(msg.sendMethodSendAsap) });

export type SendMethodInput = v.InferInput<typeof sendMethodSchema>;
export type SendMethodOutput = v.InferOutput<typeof sendMethodSchema>;
export type SendAsapInput = v.InferInput<typeof sendAsapSchema>;
export type SendAsapOutput = v.InferOutput<typeof sendAsapSchema>;
