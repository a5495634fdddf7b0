import { describe, expect, it } from 'vitest';
import { aService } from '#web/test-support/fixtures.js';
import { distanceLabel, inZip } from './format.js';

/** Decision 067: how far a listing is, in people's words, never '≈ 0.0 mi'. */
describe('distance labels', () => {
  const montclair = aService({ zipCode: '07042', isVirtual: false });

  it("say 'In your ZIP' for a listing in the ZIP code searched around, ZIP+4 included", () => {
    expect(distanceLabel(0, montclair, '07042')).toBe('In your ZIP');
    expect(distanceLabel(0, aService({ zipCode: '07042-1234' }), '07042')).toBe('In your ZIP');
  });

  it("say 'Under 1 mi' for a listing closer than a mile in another ZIP, whose centre may even be the same", () => {
    expect(distanceLabel(0, montclair, '07043')).toBe('Under 1 mi');
    expect(distanceLabel(0.9, montclair, '07043')).toBe('Under 1 mi');
    expect(distanceLabel(0.4)).toBe('Under 1 mi');
  });

  it('give the miles from one mile on, to one decimal', () => {
    expect(distanceLabel(1, montclair, '07102')).toBe('≈ 1.0 mi away');
    expect(distanceLabel(6, montclair, '07102')).toBe('≈ 6.0 mi away');
    expect(distanceLabel(12.34)).toBe('≈ 12.3 mi away');
  });

  it('never place a virtual listing, or any listing without a searched ZIP, in one', () => {
    expect(inZip(aService({ isVirtual: true, zipCode: '07042' }), '07042')).toBe(false);
    expect(inZip(montclair, null)).toBe(false);
    expect(inZip(aService({ zipCode: null }), '07042')).toBe(false);
    expect(distanceLabel(0, montclair, undefined)).toBe('Under 1 mi');
  });
});
