import { Title } from '@mantine/core';
import { usePageMeta } from '../../lib/page-meta';
import { ContentPage } from './content-page';

export default function AboutPage() {
  usePageMeta('About us', 'Skyline Balloons is the balloon manufacturing division of a veteran-owned US company incorporated in 1981.');
  return (
    <ContentPage title="About Skyline Balloons" intro="Balloons made and sold by people who have been in the business since 1981.">
      <p>
        Skyline Balloons is the manufacturing division of a veteran-owned American company, incorporated in 1981. We make and
        distribute premium latex, foil and bubble balloons for balloon retailers, decorators, florists and party stores across
        the United States.
      </p>
      <Title order={2}>What we make</Title>
      <p>
        Our premium latex line runs from 5" to 24", plus 260 twistees for twisting and entertainment work. Every size carries
        our Diamond Sizing promise: it inflates to the size on the bag. Our foil line covers everyday messages, themes,
        holidays and number shapes, each with the built-in TopTab for air-fill hanging. Bubble balloons round out the range.
      </p>
      <Title order={2}>How we work with you</Title>
      <p>
        We sell to the trade. Open a free account to see wholesale prices, order by the pack or by the case, and ship from our
        West warehouse in Fresno, California, or our East warehouse in Fairhope, Alabama, whichever is closer to you. Orders
        are on account terms once your account is approved.
      </p>
      <Title order={2}>Our values</Title>
      <p>
        We are a veteran-owned company and we run it that way: straight answers, orders shipped when we say, and products we
        are proud to put our name on. Latex is a natural product from rubber trees, and we publish how to use and dispose of
        every balloon responsibly.
      </p>
    </ContentPage>
  );
}
