import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The colours of the back office's status badges, in one place. Filled dark shades under white
 * text, each at least 4.5:1 (teal.9 5.0, #a63a0b 6.5, red.9 5.5, gray.8 11.5, indigo.9 6.8). Not
 * "light": Mantine 9 draws a light badge given a shade as that shade on itself, a blank pill.
 */
export const BADGE_TONES = {
  good: 'teal.9',
  warn: '#a63a0b',
  bad: 'red.9',
  neutral: 'gray.8',
  info: 'indigo.9',
} as const;
export type BadgeTone = keyof typeof BADGE_TONES;

export function StatusBadge({ tone, children, size = 'sm' }: { tone: BadgeTone; children: ReactNode; size?: BadgeProps['size'] }) {
  return (
    <Badge variant="filled" color={BADGE_TONES[tone]} size={size} data-tone={tone}>
      {children}
    </Badge>
  );
}
