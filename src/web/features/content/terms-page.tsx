import { Title } from '@mantine/core';
import { usePageMeta } from '../../lib/page-meta';
import { ContentPage } from './content-page';

export default function TermsPage() {
  usePageMeta('Terms and conditions', 'Terms of sale for Skyline Balloons wholesale accounts: prices, payment, late charges and returns.');
  return (
    <ContentPage title="Terms and conditions" intro="The terms on which we sell to trade customers.">
      <Title order={2}>Prices</Title>
      <p>All wholesale prices are net F.O.B. ship point. Prices may change without notice; your order is charged at the price shown when it is placed.</p>
      <Title order={2}>Payment</Title>
      <p>
        Approved accounts pay on account. Invoices not paid when due carry a late charge of 1.5% per month (18% APR), with a
        minimum monthly charge of $1.00. A fee of $35.00 applies to every returned check.
      </p>
      <Title order={2}>Returns</Title>
      <p>All sales are final. If an order arrives damaged or short, tell us within 10 days of delivery and we will put it right.</p>
      <Title order={2}>Safety</Title>
      <p>
        Choking hazard: children under 8 can choke or suffocate on uninflated or broken balloons. Adult supervision required.
        Keep uninflated balloons from children and discard broken balloons at once.
      </p>
    </ContentPage>
  );
}
