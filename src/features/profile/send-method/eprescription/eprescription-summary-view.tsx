import { productKey } from '../../../../data/catalogue/prescribed-products';
import { productPictureUrl } from '../../../../data/images/product-image';
import { usePrescribedProducts, type PrescribedProducts } from '../../../../data/hooks/use-prescribed-products';
import { prescriberOf, type EPrescriptionSummary, type PrescribedMedicament } from '../../../../domain/emediplan/e-prescription-summary';
import type { PatientComparison } from '../../../../domain/emediplan/e-prescription-patient';
import { useIntlLanguage } from '../../../../i18n/use-intl-language';
import { Msg } from '../../../../i18n/msg';
import { DosageDisplay } from '../../../../ui/dosage-display';
import { ProductPicture } from '../../../../ui/product-picture';
import { PRODUCT_IMAGE_PLACEHOLDER } from '../../../../domain/product-picture';
import { useCalendarDate } from '../../../../ui/use-calendar-date';

/** "6 months", "twice", "twice within 6 months" */
function Repetitions({ m }: { m: PrescribedMedicament }) {
  const r = m.repetitions;
  if (!r || (r.times === 0 && !r.within)) return <Msg id="ePrescription.med.noRepetition" />;
  if (r.times !== undefined && r.within) return <Msg id="ePrescription.med.repeatTimesWithin" values={{ times: r.times, value: r.within.value, unit: r.within.unit }} />;
  if (r.within) return <Msg id="ePrescription.med.repeatWithin" values={{ value: r.within.value, unit: r.within.unit }} />;
  return <Msg id="ePrescription.med.repeatTimes" values={{ times: r.times ?? 0 }} />;
}

function Medicament({ m, products }: { m: PrescribedMedicament; products: PrescribedProducts }) {
  const lang = useIntlLanguage();
  const product = products.products.get(productKey(m.idType, m.id));
  // "not in our catalogue" only when the catalogue answered; offline the code alone
  const unknown = products.status === 'ready' || m.idType === 'free_text' ? `ePrescription.med.unknown.${m.idType}` : `ePrescription.med.code.${m.idType}`;
  const name = product ? (lang === 'fr' ? (product.dscrf ?? product.dscrd) : product.dscrd) : m.idType === 'free_text' ? m.id : null;
  const picture = product && product.pharmacode ? productPictureUrl(product.pharmacode, product.pictures, 150) : PRODUCT_IMAGE_PLACEHOLDER;
  return (
    <li className="eprescription-med">
      <ProductPicture src={picture} />
      <div className="eprescription-med__text">
        <p className="eprescription-med__name">{name ?? <Msg id={unknown} values={{ code: m.id }} />}</p>
        {name && m.idType !== 'free_text' ? (
          <p className="eprescription-med__code">
            <Msg id={`ePrescription.med.code.${m.idType}`} values={{ code: m.id }} />
          </p>
        ) : null}
        <dl className="eprescription-med__facts">
          <div>
            <dt>
              <Msg id="ePrescription.med.dosage" />
            </dt>
            <dd>
              {m.dosage ? (
                <DosageDisplay dosage={m.dosage} />
              ) : m.unreadableDosage ? (
                <Msg id="ePrescription.med.dosageUnreadable" values={{ doses: m.unreadableDosage }} />
              ) : (
                <Msg id="ePrescription.med.dosageAsInstructed" />
              )}
            </dd>
          </div>
          {m.reserve ? (
            <div>
              <dt>
                <Msg id="ePrescription.med.reserve" />
              </dt>
              <dd>
                <Msg id="ePrescription.med.reserveYes" />
              </dd>
            </div>
          ) : null}
          {m.instructions ? (
            <div>
              <dt>
                <Msg id="ePrescription.med.instructions" />
              </dt>
              <dd>{m.instructions}</dd>
            </div>
          ) : null}
          <div>
            <dt>
              <Msg id="ePrescription.med.repetitions" />
            </dt>
            <dd>
              <Repetitions m={m} />
            </dd>
          </div>
          <div>
            <dt>
              <Msg id="ePrescription.med.substitution" />
            </dt>
            <dd>
              <Msg id={m.substitutionAllowed ? 'ePrescription.med.substitutionAllowed' : 'ePrescription.med.substitutionForbidden'} />
            </dd>
          </div>
          {m.packages !== 1 ? (
            <div>
              <dt>
                <Msg id="ePrescription.med.packages" />
              </dt>
              <dd>{m.packages}</dd>
            </div>
          ) : null}
        </dl>
      </div>
    </li>
  );
}

/**
 * What a scanned e-prescription says (issue 27 item 2): the prescribing doctor (name, GLN where
 * given, practice), the date, the patient it names, and each medicament — the catalogue's name
 * and picture by pharmacode or product number, else as the code gives it — with its dosage (four
 * numbers, fractions kept), instructions, repetitions and whether it may be substituted.
 */
export function EPrescriptionSummaryView({ summary, patient, headingId, level }: { summary: EPrescriptionSummary; patient: PatientComparison; headingId: string; level: 2 | 3 }) {
  const [Heading, Sub] = level === 2 ? (['h2', 'h3'] as const) : (['h3', 'h4'] as const);
  const products = usePrescribedProducts(summary.medicaments);
  const formatDate = useCalendarDate();
  const birth = patient.inCode.birthDate ? formatDate(patient.inCode.birthDate) : null;
  const named = [patient.inCode.firstName, patient.inCode.lastName].filter(Boolean).join(' ');
  // the name it goes by in the list of sent e-prescriptions too
  const prescriber = prescriberOf(summary.doctor);
  return (
    <section className="eprescription-summary" aria-labelledby={headingId}>
      <Heading id={headingId}>
        <Msg id="ePrescription.summary.title" />
      </Heading>
      <dl className="eprescription-summary__facts">
        <div>
          <dt>
            <Msg id="ePrescription.summary.doctor" />
          </dt>
          <dd>
            {prescriber ?? <Msg id="ePrescription.summary.doctorUnknown" />}
            {summary.doctor.gln ? (
              <>
                {' '}
                <Msg id="ePrescription.summary.gln" values={{ gln: summary.doctor.gln }} />
              </>
            ) : null}
            {summary.doctor.organisation && summary.doctor.organisation !== prescriber ? (
              <>
                <br />
                {summary.doctor.organisation}
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>
            <Msg id="ePrescription.summary.date" />
          </dt>
          <dd>{formatDate(summary.date)}</dd>
        </div>
        <div>
          <dt>
            <Msg id="ePrescription.summary.patient" />
          </dt>
          <dd>
            {named || birth ? (
              <Msg id={birth ? 'ePrescription.summary.patientBorn' : 'ePrescription.summary.patientName'} values={{ name: named || '–', birth: birth ?? '' }} />
            ) : (
              <Msg id="ePrescription.summary.patientUnknown" />
            )}
          </dd>
        </div>
      </dl>
      {summary.remark ? (
        <p className="eprescription-summary__remark">
          <Msg id="ePrescription.summary.remark" values={{ remark: summary.remark }} />
        </p>
      ) : null}
      <Sub>
        <Msg id="ePrescription.summary.medicaments" values={{ count: summary.medicaments.length }} />
      </Sub>
      {products.status === 'offline' ? (
        <p className="eprescription-summary__note">
          <Msg id="ePrescription.summary.catalogueOffline" />
        </p>
      ) : null}
      <ul className="eprescription-meds">
        {summary.medicaments.map((m, i) => (
          <Medicament key={`${i}-${m.id}`} m={m} products={products} />
        ))}
      </ul>
    </section>
  );
}
