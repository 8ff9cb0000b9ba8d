/**
 * The categories whose items come by colour and size (premium latex and its solid-colour lines):
 * a link to their order grid. A fixed list, so the category page costs no extra request; the grid
 * page itself answers clearly for any other category (decision 0043).
 */
export const ORDER_GRIDS = new Set([1, 10, 11, 12, 13, 15]);
