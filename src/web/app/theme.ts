import { createTheme } from '@mantine/core';

/** Skyline Balloons' look: primary #3d8fcd (spec §9) at shade 5, a calm sans-serif, rounded cards. */
export const theme = createTheme({
  primaryColor: 'shop',
  // Shade 7 for text and buttons: #3d8fcd itself is too light for AA contrast on white.
  primaryShade: { light: 7, dark: 5 },
  colors: {
    shop: ['#e8f3fb', '#d2e5f4', '#a6cbe9', '#77afdd', '#5098d3', '#3d8fcd', '#2f7ab3', '#25628f', '#1b4a6c', '#11314a'],
  },
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif', fontWeight: '700' },
  defaultRadius: 'md',
});
