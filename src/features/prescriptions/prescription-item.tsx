import type { ReactNode } from 'react';
import { productPictureUrl } from '../../data/images/product-image';
import { Msg } from '../../i18n/msg';
import { ProductPicture } from '../../ui/product-picture';
import { CommentTip } from './comment-tip';
import { DosageDisplay } from '../../ui/dosage-display';
import type { PrescriptionRow, SupplyLine } from './prescription-rows';
import { useCalendarDate } from '../../ui/use-calendar-date';

/**
 * One prescription (spec §2 /prescriptions): medication, dosage, optional comment, expiry
 * date, single-use and used markers, last ordered date or 'never ordered', how long the supply
 * lasts when it is forecast (issue 25: `supply`, none when null or absent); `info`: the
 * patient information button of the medication (spec §7 compendium).
 */
export function PrescriptionItem({ row, supply, info }: { row: PrescriptionRow; supply?: SupplyLine | null; info?: ReactNode }) {
  const formatDate = useCalendarDate();
  const name = row.name ?? <Msg id="prescriptions.medicationFallback" values={{ pharmacode: String(row.pharmacode) }} />;
  return (
    <li className="rx-item">
      <div className="rx-item__head">
        {/* decorative: the name beside it says what it shows */}
        <ProductPicture className="rx-item__picture" src={productPictureUrl(row.pharmacode, row.pictures, 150)} />
        {/* elementtiming: the browser notes when the list is first painted (npm run bench:browser reads it) */}
        <h3 className="rx-item__name" {...{ elementtiming: 'prescription' }}>
          {name}
        </h3>
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
        {supply ? (
          <div>
            <dt>
              <Msg id="prescriptions.supply" />
            </dt>
            <dd>
              {supply.kind === 'until' ? (
                <Msg id="prescriptions.supply.until" values={{ date: formatDate(supply.day) }} />
              ) : (
                <Msg id="prescriptions.supply.out" values={{ date: formatDate(supply.since) }} />
              )}
              {supply.onTheWay ? (
                <>
                  {' · '}
                  <Msg id="prescriptions.supply.onTheWay" />
                </>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
      {row.comment || info ? (
        <div className="rx-item__actions">
          {row.comment ? <CommentTip medication={name} text={row.comment} /> : null}
          {info}
        </div>
      ) : null}
    </li>
  );
}
