/** The demo's partner companies as data, apart from the code that seeds them (tests read them too). */

/** The demo's company profiles: the two demo owners, and two more companies of each type. */
export const DEMO_COMPANIES = {
  hotel: {
    company: 'Ananas Playa Hotels',
    country: 'ES',
    state: 'PM',
    city: 'Palma',
    website: 'https://ananas-playa.example',
    description: 'A family-run beach hotel group on Mallorca.',
  },
  operator: {
    company: 'Oskar Tours',
    country: 'DE',
    state: 'BE',
    city: 'Berlin',
    website: 'https://oskar-tours.example',
    description: 'Package holidays to the Mediterranean since 1998.',
  },
} as const;

export const DEMO_PARTNERS = {
  hotels: [
    {
      email: 'casa-azul@demo.ananas.dev',
      first_name: 'Carla',
      last_name: 'Azul',
      company: 'Casa Azul Hotels',
      country: 'PT',
      state: '11',
      city: 'Lisbon',
      property: { hotel_name: 'Casa Azul Alfama', country: 'PT', state: '11', city: 'Lisbon' },
    },
    {
      email: 'alpenhof@demo.ananas.dev',
      first_name: 'Anton',
      last_name: 'Hofer',
      company: 'Alpenhof Hotels',
      country: 'AT',
      state: '7',
      city: 'Innsbruck',
      property: { hotel_name: 'Alpenhof Innsbruck', country: 'AT', state: '7', city: 'Innsbruck' },
    },
  ],
  operators: [
    {
      email: 'nordic-sun@demo.ananas.dev',
      first_name: 'Nora',
      last_name: 'Lind',
      company: 'Nordic Sun Travel',
      country: 'SE',
      state: 'AB',
      city: 'Stockholm',
    },
    {
      email: 'atlantic@demo.ananas.dev',
      first_name: 'Arthur',
      last_name: 'Wells',
      company: 'Atlantic Holidays',
      country: 'GB',
      state: 'ENG',
      city: 'London',
    },
  ],
} as const;
