import { mergeThemeOverrides } from '@mantine/core';
import { theme } from '../../web/app/theme';

/**
 * The storefront's theme, plus defaults the back office's dialogs and wide tables need for axe:
 * a named close button on every modal, and table scroll areas reachable by keyboard (a phone
 * scrolls the wide tables sideways).
 */
export const adminTheme = mergeThemeOverrides(theme, {
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});
