/** The deepest level a page may have. */
export const MAX_LEVEL = 100;
/** The tree endpoint nests levels 0, 1 and 2. */
export const TREE_LEVELS = 3;
