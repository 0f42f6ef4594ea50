import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PartnersPage } from '../../../src/client/pages/partners/partners-page';
import type { CompanyWire, PartnerPageWire, PartnerWire } from '../../../src/shared/generated/wire-types';
import { answer } from '../fake-server';
import { renderInApp } from '../render';

/**
 * Issue 38 §2: two companies of one name look different in the directory: the verified mark, the
 * place, and for a hotel how many properties it has.
 */
const company = (over: Partial<CompanyWire>): CompanyWire => ({
  user: 1,
  company: 'Casa Limonaia',
  email: '',
  website: '',
  address: '',
  contact_number: '',
  logo: null,
  country: 'IT',
  state: '',
  city: '',
  description: '',
  about_us: '',
  work_in_countries: [],
  facebook: '',
  instagram: '',
  linked_in: '',
  trustpilot: '',
  trip_advisor: '',
  genuine: false,
  premium_active: false,
  updated_at: null,
  ...over,
});

const hotel = (id: number, over: Partial<PartnerWire>, genuine: boolean): PartnerWire => ({
  id,
  email: '',
  name: 'Casa Limonaia',
  account_type: 'accommodation',
  country: 'IT',
  city: 'Amalfi',
  company: company({ user: id, genuine }),
  properties: [],
  property_count: 0,
  contract_status: { id: null, status: 'None' },
  ...over,
});

describe('the partner directory’s rows of two same-named companies', () => {
  it('show the verified mark, the place and the number of properties', async () => {
    const page: PartnerPageWire = {
      count: 2,
      next: null,
      previous: null,
      results: [
        hotel(1, { country: 'IT', city: 'Amalfi', property_count: 3 }, true),
        hotel(2, { country: 'ES', city: 'Palma', property_count: 1 }, false),
      ],
    };
    answer('POST', '/api/partners/', page);
    renderInApp(<PartnersPage />, { path: '/partners' });
    const rows = await screen.findAllByRole('row', { name: /casa limonaia/i });
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Verified')).toBeTruthy();
    expect(within(first).getByText('3 properties')).toBeTruthy();
    expect(within(first).getByText(/Amalfi, Italy/)).toBeTruthy();
    expect(within(second).queryByText('Verified')).toBeNull();
    expect(within(second).getByText('1 property')).toBeTruthy();
    expect(within(second).getByText(/Palma, Spain/)).toBeTruthy();
  });

  it('give a tour operator no property count', async () => {
    answer('POST', '/api/partners/', {
      count: 1,
      next: null,
      previous: null,
      results: [hotel(3, { name: 'Ruta Azul', account_type: 'to', company: company({ company: 'Ruta Azul' }) }, false)],
    } satisfies PartnerPageWire);
    renderInApp(<PartnersPage />, { path: '/partners' });
    const row = await screen.findByRole('row', { name: /ruta azul/i });
    expect(within(row).queryByText(/propert/)).toBeNull();
  });
});
