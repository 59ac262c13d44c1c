/**
 * Sizes the server and the phone must agree on — plain numbers, no code, so a client module can import them
 * without bringing a schema library along.
 */

/** How many lines of an evening's edit history its page shows: the data layer reads as many, the table keeps as many. */
export const EDIT_LINES = 100;
