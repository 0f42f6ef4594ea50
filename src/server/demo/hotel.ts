/**
 * The demo hotel's facts, as a hotel would enter them. Written in wire form; the seed validates
 * every document against the schemas before storing it, so a schema change that breaks the demo
 * fails its test rather than the first start.
 */
export const DEMO_PROPERTY = { hotel_name: 'Hotel Ananas Playa', country: 'ES', state: 'PM', city: 'Palma' };

export const DEMO_SECTIONS: Record<string, Record<string, unknown>> = {
  'main-info': {
    accommodation_type: 'Hotel',
    rating: 4,
    address: 'Passeig Marítim 12',
    zip_code: '07014',
    email: 'reservations@ananas-playa.example',
    phone: '+34 971 000 100',
    latitude: 39.5636,
    longitude: 2.6266,
    check_in_time: '15:00',
    check_out_time: '11:00',
    minimum_age_allowed: 0,
    pets_allowed: true,
    pets_charges: 'Additional Charge',
    pets_price: 15,
    pets_currency: 'EUR',
    late_check_out: true,
    late_check_out_price: 30,
    tax: { tax_applicable: true, tax_charges: 'Inclusive' },
    tourist_tax: {
      tourist_tax_applicable: true,
      tourist_charges: 'Additional Charge',
      tourist_charges_person_per_night: 2.2,
      tourist_currency: 'EUR',
    },
  },
  location: {
    around_hotel: ['close to sea', 'close to restaurants'],
    closest_airport: 'Palma de Mallorca (PMI)',
    distance_to_airport: 11,
    airport_distance_type: 'kilometers',
    distance_to_city_center: 2,
    distance_to_city_center_unit: 'kilometers',
    distance_to_bus_stop: 150,
    distance_to_bus_stop_unit: 'meters',
    beach_avail: true,
    distance_to_beach: 80,
    distance_to_beach_unit: 'meters',
  },
  food: {
    boards_available: ['Bed and Breakfast', 'Half Board'],
    hotel_breakfast_types: ['Buffet', 'continental'],
    hotel_dinner_types: ['Buffet'],
  },
  facility: { hotel_characteristics: ['charming', 'cosy'] },
};

/**
 * The second demo property: work in progress, there to show readiness and freshness (the finished
 * hotel above republishes as seeded). Its main info lacks what publishing needs (rating, phone,
 * e-mail), it was never published, its location was last confirmed 200 days ago and a maintenance
 * period has ended (next-steps.ts).
 */
export const DEMO_SECOND_PROPERTY = { hotel_name: 'Hotel Ananas Sóller', country: 'ES', state: 'PM', city: 'Sóller' };

export const DEMO_SECOND_SECTIONS: Record<string, Record<string, unknown>> = {
  'main-info': {
    accommodation_type: 'Hotel',
    address: 'Carrer de la Lluna 5',
    zip_code: '07100',
    check_in_time: '15:00',
    check_out_time: '11:00',
  },
  location: {
    around_hotel: ['close to restaurants'],
    closest_airport: 'Palma de Mallorca (PMI)',
    distance_to_airport: 35,
    airport_distance_type: 'kilometers',
  },
};

const room = (name: string, type: string, view: string, units: number, size: number) => ({
  id: 0,
  room_name: name,
  room_name_type: type,
  room_view: view,
  room_total_units: units,
  room_size_sqm: size,
  room_max_adults: 2,
  room_allowed_infant_count: 1,
  room_infant_not_allowed: false,
});

export const DEMO_SECOND_ROWS: Record<string, Record<string, unknown>[]> = {
  room: [
    room('Garden double', 'double room', 'Pool side', 10, 20),
    room('Mountain suite', 'suite', 'Mountain view', 4, 36),
  ],
};

export const DEMO_ROWS: Record<string, Record<string, unknown>[]> = {
  room: [
    room('Double sea view', 'double room', 'Sea view', 40, 24),
    room('Double city side', 'double room', 'Street view', 32, 22),
    room('Junior suite', 'juniorsuite', 'Sea view', 8, 38),
  ],
  restaurant: [
    {
      id: 0,
      restaurant_name: 'Sa Terrassa',
      restaurant_type: 'poolrestaurant',
      restaurant_cuisine_type: 'Mediterranean',
      restaurant_is_buffet: true,
      restaurant_opening_days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
      restaurant_opening_from: '07:00',
      restaurant_opening_to: '22:30',
      restaurant_features: ['terrace'],
    },
    {
      id: 0,
      restaurant_name: 'El Moll',
      restaurant_type: 'seafoodrestaurant',
      restaurant_cuisine_type: 'Mediterranean',
      restaurant_is_ala_carte: true,
      restaurant_opening_days: ['Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
      restaurant_opening_from: '19:00',
      restaurant_opening_to: '23:00',
    },
  ],
  bar: [
    { id: 0, bar_name: 'Pineapple Pool Bar', bar_type: 'PoolBar', bar_charges: 'Additional Charge' },
    { id: 0, bar_name: 'Lobby Lounge', bar_type: 'LobbyBar', bar_charges: 'Additional Charge' },
  ],
  maintenance: [
    {
      id: 0,
      maintenance_type_apply: 'Outdoor pool renovation',
      maintenance_zone: 'Partially',
      maintenance_disturbance: 'little disturbing',
      maintenance_from: '2027-01-10',
      maintenance_to: '2027-02-15',
    },
  ],
};
