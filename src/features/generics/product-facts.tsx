import type { ReactNode } from 'react';
import { productPictureUrl } from '../../data/images/product-image';
import { Msg } from '../../i18n/msg';
import { ProductPicture } from '../../ui/product-picture';
import { usePackUnit } from '../../ui/use-pack-unit';
import type { ProductRow } from './comparison';
import { useFormats } from './use-formats';

/** Pack, price and unit price of one product of the comparison (spec §9), as a description list. */
export function ProductFacts({ row, children }: { row: ProductRow; children?: ReactNode }) {
  const f = useFormats();
  const unit = row.unit ?? '';
  const packUnit = usePackUnit();
  return (
    <dl className="calc-facts">
      <div>
        <dt>
          <Msg id="generics.fact.pack" />
        </dt>
        <dd>{row.quantity !== null ? <Msg id="generics.pack" values={{ count: row.quantity, unit: packUnit(row.unit) ?? '' }} /> : '–'}</dd>
      </div>
      <div>
        <dt>
          <Msg id="generics.fact.price" />
        </dt>
        <dd>{row.price !== null ? f.money(row.price) : '–'}</dd>
      </div>
      <div>
        <dt>
          <Msg id="generics.fact.unitPrice" values={{ unit }} />
        </dt>
        <dd className="calc-facts__unit">{row.unitPriceCents !== null ? f.cents(row.unitPriceCents) : '–'}</dd>
      </div>
      {children}
    </dl>
  );
}

/** The picture of a product: 150 px in the list, 500 px for the chosen product. */
export function RowPicture({ row, size }: { row: ProductRow; size: 150 | 500 }) {
  return <ProductPicture className={size === 500 ? 'calc-picture calc-picture--large' : 'calc-picture'} src={productPictureUrl(row.pharmacode, row.pictures, size)} size={size} />;
}
