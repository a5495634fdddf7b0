import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PET_CARE, aService } from '#web/test-support/fixtures.js';
import { renderWithApp } from '#web/test-support/render.js';
import { CompactServiceCard } from './compact-service-card.js';

describe('a listing beside another (the compact card)', () => {
  it('is one link to the listing, with its photo, category, price, place and rating, and no buttons', () => {
    const service = aService({
      id: 12,
      title: 'Evening dog walks',
      category: PET_CARE,
      rate: 18,
      rateType: 'hourly',
      city: 'Montclair',
      state: 'NJ',
      images: ['/api/images/abc'],
      averageRating: 4.5,
      reviewCount: 3,
    });
    renderWithApp(<CompactServiceCard service={service} near="07042" />);
    const card = screen.getByRole('article', { name: 'Evening dog walks' });
    expect(within(card).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/services/12?near=07042']);
    expect(within(card).queryAllByRole('button')).toEqual([]);
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/api/images/abc/card');
    expect(card.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(card.textContent).toContain('Pet Care');
    expect(card.textContent).toContain('$18/hr');
    expect(card.textContent).toContain('Montclair, NJ');
    expect(card.textContent).toContain('4.5(3 reviews)');
    expect(card.textContent).not.toContain('Help Wanted');
  });

  it('says a request is one, and draws its category where it has no photo', () => {
    const service = aService({ title: 'Swim lessons wanted', listingType: 'request', images: [], reviewCount: 0, averageRating: null });
    renderWithApp(<CompactServiceCard service={service} />);
    const card = screen.getByRole('article', { name: 'Swim lessons wanted' });
    expect(card.textContent).toContain('Help Wanted');
    expect(card.querySelector('img')).toBeNull();
    expect(card.querySelector('svg.lucide')).not.toBeNull();
    expect(card.textContent).not.toContain('review');
  });
});
