import { productPictureUrl } from '../../data/images/product-image';
import { Msg } from '../../i18n/msg';
import { ProductPicture } from '../../ui/product-picture';
import { CommentTip } from './comment-tip';
import { DosageDisplay } from '../../ui/dosage-display';
import type { PrescriptionRow } from './prescription-rows';
import { useCalendarDate } from '../../ui/use-calendar-date';

/**
 * One prescription (spec §2 /prescriptions): medication, dosage, optional comment, expiry
 * date, single-use and used markers, last ordered date or 'never ordered'.
 */
export function PrescriptionItem({ row }: { row: PrescriptionRow }) {
  const formatDate = useCalendarDate();
  const name = row.name ?? <Msg id="prescriptions.medicationFallback" values={{ pharmacode: String(row.pharmacode) }} />;
  return (
    <li className="rx-item">
      <div className="rx-item__head">
        {/* decorative: the name beside it says what it shows */}
        <ProductPicture className="rx-item__picture" src={productPictureUrl(row.pharmacode, row.pictures, 150)} />
        <h3 className="rx-item__name">{name}</h3>
      </div>
      {row.singleUse || row.used ? (
        <ul className="rx-item__markers">
          {row.singleUse ? (
            <li className="rx-marker">
              <Msg id="prescriptions.singleUse" />
            </li>
          ) : null}
          {row.used ? (
            <li className="rx-marker rx-marker--used">
              <Msg id="prescriptions.used" />
            </li>
          ) : null}
        </ul>
      ) : null}
      <dl className="rx-item__facts">
        <div>
          <dt>
            <Msg id="prescriptions.dosage" />
          </dt>
          <dd>
            <DosageDisplay dosage={row.dosage} />
          </dd>
        </div>
        <div>
          <dt>
            <Msg id="prescriptions.expiresAt" />
          </dt>
          <dd>{row.expiresAt ? formatDate(row.expiresAt) : <Msg id="prescriptions.noExpiry" />}</dd>
        </div>
        <div>
          <dt>
            <Msg id="prescriptions.lastOrdered" />
          </dt>
          <dd>{row.lastOrderedAt ? formatDate(row.lastOrderedAt) : <Msg id="prescriptions.neverOrdered" />}</dd>
        </div>
      </dl>
      {row.comment ? <CommentTip medication={name} text={row.comment} /> : null}
    </li>
  );
}
