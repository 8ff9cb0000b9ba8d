import { TAX_CERTIFICATE_STATUS_LABELS, type TaxCertificateStatus } from '../../contract/tax-certificates';
import { type BadgeTone, StatusBadge } from './status-badge';

const TONES: Record<TaxCertificateStatus, BadgeTone> = { pending: 'attention', accepted: 'good', rejected: 'bad' };

/** A resale certificate's status, the same on the account page and in the back office. */
export function TaxCertificateStatusBadge({ status }: { status: TaxCertificateStatus }) {
  return (
    <StatusBadge tone={TONES[status]} data-status={status}>
      {TAX_CERTIFICATE_STATUS_LABELS[status]}
    </StatusBadge>
  );
}
