import { mergeThemeOverrides } from '@mantine/core';
import { theme } from '../../web/app/theme';

/**
 * The storefront's theme, plus defaults the back office's dialogs and wide tables need for axe:
 * a named close button on every modal, and table scroll areas reachable by keyboard. Buttons never
 * shrink: in a full row on a phone a shrunk button was cut to "Sign" (a customer's sessions).
 */
export const adminTheme = mergeThemeOverrides(theme, {
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Button: { styles: { root: { flexShrink: 0 } } },
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});
