/**
 * The external pages the footer and the help entry open (spec 000 §1: about, customer service,
 * terms, privacy). About is our own page; the others live on the public web site.
 */
export const EXTERNAL_LINKS = {
  customerService: 'https://ananas.dev/customer-service',
  terms: 'https://ananas.dev/terms',
  privacy: 'https://ananas.dev/privacy',
  help: 'https://ananas.dev/help',
} as const;
