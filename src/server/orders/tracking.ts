/** The carrier's public tracking page for a tracking number; null for LTL, pick-up and others (they have none). */
const TRACKING_PAGES: Record<string, string> = {
  ups: 'https://www.ups.com/track?tracknum=',
  fedex: 'https://www.fedex.com/fedextrack/?trknbr=',
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
};

export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const page = TRACKING_PAGES[carrier];
  if (!page || trackingNumber === '') return null;
  return page + encodeURIComponent(trackingNumber);
}
