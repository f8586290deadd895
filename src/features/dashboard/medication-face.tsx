import type { ReactNode } from 'react';
import { productPictureUrl } from '../../data/images/product-image';
import { Msg } from '../../i18n/msg';
import { ProductPicture } from '../../ui/product-picture';
import type { MedicationFace } from './dashboard-rows';

/** A medication's name in the language (the pharmacode when its details are not mirrored). */
export function MedicationName({ face }: { face: MedicationFace }) {
  return face.name ?? <Msg id="prescriptions.medicationFallback" values={{ pharmacode: String(face.pharmacode) }} />;
}

/** The picture of a row: decorative, the name stands beside it. */
export function MedicationPicture({ face, className }: { face: MedicationFace; className?: string }) {
  return <ProductPicture className={className} src={productPictureUrl(face.pharmacode, face.pictures, 150)} />;
}

/** A row of the side lists (expiring, active): picture, name, then what the list says of it. */
export function MedicationRow({ face, children }: { face: MedicationFace; children: ReactNode }) {
  return (
    <li className="dash-row">
      <MedicationPicture face={face} className="dash-row__picture" />
      <div className="dash-row__text">
        <p className="dash-row__name">
          <MedicationName face={face} />
        </p>
        {children}
      </div>
    </li>
  );
}
