import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The one palette of status badges, on the storefront and in the back office: white text on a dark
 * fill, each at least 4.5:1 (measured: e2e/admin-every-route.test.ts). Mantine's own shades are not
 * all dark enough (white on green.9 is 4.4:1, on yellow.9 3.0:1, on orange.9 3.9:1), and its
 * "light" variant with a shade draws the text in the fill's own colour: a blank pill. So a status
 * picks a tone here, never a colour or a variant of its own.
 */
export const BADGE_TONES = {
  /** Waiting for us: a new order. 13.4:1 */
  new: 'shop.9',
  /** Under way: accepted. 6.8:1 */
  progress: 'indigo.9',
  /** Needs a person: on hold, waiting for approval. 6.5:1 */
  attention: '#a63a0b',
  /** Part done: partly shipped. 5.0:1 */
  partial: 'teal.9',
  /** Fine: active, shipped, delivered. 6.6:1 */
  good: '#1e6b30',
  /** Out of play: closed, hidden, expired. 11.5:1 */
  neutral: 'gray.8',
  /** Stopped or failed: cancelled, suspended, overdue. 5.5:1 */
  bad: 'red.9',
} as const;
export type BadgeTone = keyof typeof BADGE_TONES;

/** A status as a filled badge in one of the tones above. */
export function StatusBadge({ tone, size = 'sm', children, ...rest }: { tone: BadgeTone; size?: BadgeProps['size']; children: ReactNode } & Omit<BadgeProps, 'color' | 'variant' | 'size'> & Record<`data-${string}`, string>) {
  return (
    <Badge variant="filled" color={BADGE_TONES[tone]} size={size} miw="max-content" {...rest}>
      {children}
    </Badge>
  );
}
