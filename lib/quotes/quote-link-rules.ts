/** How long a quote link opens its page (lib/quotes/quote-links.ts); shared with the contact page's caption. */
export const QUOTE_LINK_DAYS = 90;
