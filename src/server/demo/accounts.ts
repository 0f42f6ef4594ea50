/** The demo accounts `npm start` seeds into an empty database and prints. */
export const DEMO_PASSWORD = 'ananas-demo-2026';

export const DEMO_ACCOUNTS = {
  hotel: {
    email: 'hotel@demo.ananas.dev',
    first_name: 'Helena',
    last_name: 'Hotelier',
    account_type: 'accommodation',
    title: 'General Manager',
  },
  operator: {
    email: 'operator@demo.ananas.dev',
    first_name: 'Oskar',
    last_name: 'Operator',
    account_type: 'to',
    title: 'Product Manager',
  },
  editor: {
    email: 'editor@demo.ananas.dev',
    first_name: 'Eddie',
    last_name: 'Editor',
    account_type: 'accommodation',
    title: 'Content editor',
  },
} as const;
