// Postal tracking links (spec §2 /orders, §7 Other): built from delivery_nr when
// delivery_method is 1 (Swiss Post).
import type { Order, RecordId } from './entities.ts';
import { orderAndChildren } from './order-list.ts';

export const DELIVERY_METHOD_POST = 1;
export const POST_TRACKING_URL = 'https://service.post.ch/ekp-web/ui/entry/shipping/1/?parcelCodes=';

/** The Swiss Post tracking URL of an order, or null without postal delivery number. */
export function trackingUrl(order: Pick<Order, 'delivery_nr' | 'delivery_method'>): string | null {
  const nr = order.delivery_nr?.trim();
  if (Number(order.delivery_method) !== DELIVERY_METHOD_POST || !nr) return null;
  return POST_TRACKING_URL + encodeURIComponent(nr);
}

export interface TrackingLink {
  order_id: RecordId;
  delivery_nr: string;
  url: string;
}

/** Tracking links of an order and its sub-packages (order first), one per distinct URL. */
export function trackingLinks(order: Order): TrackingLink[] {
  const links: TrackingLink[] = [];
  for (const o of orderAndChildren(order)) {
    const url = trackingUrl(o);
    if (url && !links.some((l) => l.url === url)) links.push({ order_id: o.id, delivery_nr: (o.delivery_nr ?? '').trim(), url });
  }
  return links;
}
