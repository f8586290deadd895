import { memo, useId, type ReactNode } from 'react';
import type { Pharmacode } from '../../domain/entities';
import { productPictureUrl } from '../../data/images/product-image';
import { Msg, useMsg } from '../../i18n/msg';
import { AmountSelector, type AmountUpdate } from '../../ui/amount-selector';
import { DosageDisplay } from '../../ui/dosage-display';
import { ProductPicture } from '../../ui/product-picture';
import type { SelectRow } from './select-rows';
import { usePackUnit } from '../../ui/use-pack-unit';

export interface SelectItemProps {
  row: SelectRow;
  /** what the row offers beside its facts (the patient information) */
  infoFor?: (row: SelectRow) => ReactNode;
  onAmount: (pharmacode: Pharmacode, update: AmountUpdate, max: number) => void;
}

/**
 * One medication of /order/select (spec §2): picture, name, pack, strength, dosage, single-use
 * marker and the amount selector. Memoised: the selection renders again as the data layer takes
 * over and the generic tip arrives, and a row whose data is the same (the view keeps it:
 * useSameData) skips its render.
 */
export const SelectItem = memo(function SelectItem({ row, infoFor, onAmount }: SelectItemProps) {
  const t = useMsg();
  const packUnit = usePackUnit();
  const nameId = useId();
  const name = row.name ?? t('prescriptions.medicationFallback', { pharmacode: String(row.pharmacode) });
  return (
    <li className={`select-item${row.amount !== undefined ? ' select-item--chosen' : ''}`} aria-labelledby={nameId}>
      <div className="select-item__product">
        {/* decorative: the name beside it says what it shows; 150 px picture, front 3D preferred (spec §7) */}
        <ProductPicture className="select-item__picture" src={productPictureUrl(row.pharmacode, row.pictures, 150)} />
        <div className="select-item__text">
          <h3 id={nameId} className="select-item__name">
            {name}
          </h3>
          <dl className="select-item__facts">
            {row.pack ? (
              <div>
                <dt>
                  <Msg id="order.select.pack" />
                </dt>
                <dd>
                  <Msg id="order.select.packValue" values={{ qty: row.pack.qty, unit: packUnit(row.pack.unit) ?? '' }} />
                </dd>
              </div>
            ) : null}
            {row.strength ? (
              <div>
                <dt>
                  <Msg id="order.select.strength" />
                </dt>
                <dd>{row.strength}</dd>
              </div>
            ) : null}
            <div>
              <dt>
                <Msg id="prescriptions.dosage" />
              </dt>
              <dd>
                <DosageDisplay dosage={row.dosage} />
              </dd>
            </div>
          </dl>
          {row.singleUse ? (
            <p className="select-item__marker">
              <Msg id="prescriptions.singleUse" />
            </p>
          ) : null}
          {infoFor?.(row)}
        </div>
      </div>
      <AmountSelector name={name} amount={row.amount} max={row.max} onChange={(update) => onAmount(row.pharmacode, update, row.max)} />
    </li>
  );
});
