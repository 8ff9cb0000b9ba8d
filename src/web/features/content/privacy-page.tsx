import { Title } from '@mantine/core';
import { usePageMeta } from '../../lib/page-meta';
import { ContentPage } from './content-page';

export default function PrivacyPage() {
  usePageMeta('Privacy policy', 'What Skyline Balloons collects about trade customers and visitors, why, and how to reach us about it.');
  return (
    <ContentPage title="Privacy policy" intro="We collect only what we need to run your account and ship your orders.">
      <Title order={2}>What we collect</Title>
      <p>
        When you open an account we keep your business name, contact names, addresses, phone number and email address, and the
        orders you place. When you write to us through the contact form we keep your message and the details you give.
      </p>
      <Title order={2}>How we use it</Title>
      <p>
        To run your account, ship and invoice your orders, answer your questions and, if you ask for it, send you news about
        new products. We do not sell your details to anyone.
      </p>
      <Title order={2}>Cookies and storage</Title>
      <p>
        The site keeps your sign-in in your browser's local storage so you stay signed in. We do not use advertising cookies.
      </p>
      <Title order={2}>Your choices</Title>
      <p>You can update your details in My Account at any time, or contact us to have your account closed and your data removed.</p>
    </ContentPage>
  );
}
