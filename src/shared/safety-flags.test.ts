// engines: one — no database
import { describe, expect, it } from 'vitest';
import { safetyFlagsOf } from './safety-flags.js';

describe('the safety flags of a message', () => {
  const flagged: Array<[string, string[]]> = [
    ['Call me at (973) 555-0142 tonight', ['phone']],
    ['973.555.0142 anytime', ['phone']],
    ['my cell is 973-555-0142', ['phone']],
    ['call 9735550142', ['phone']],
    ['+1 973 555 0142', ['phone']],
    ['Abroad this week: +44 20 7946 0958', ['phone']],
    ['write to jo.smith@example.com please', ['email']],
    ['Email: JO@EXAMPLE.ORG', ['email']],
    ['photos at https://photos.example.com/album/12', ['link']],
    ['see example.com/page for my rates', ['link']],
    ['www.dogwalks.net has my calendar', ['link']],
    ['I only take Zelle', ['payment']],
    ['venmo me first', ['payment']],
    ['Send it by Cash App', ['payment']],
    ['cashapp is fine', ['payment']],
    ['Buy two gift cards and send me the codes', ['payment']],
    ['a wire transfer works best', ['payment']],
    ['via Western Union', ['payment']],
    ['I accept crypto', ['payment']],
    ['50% deposit up front, please', ['payment']],
    ['Pay in advance and I will come', ['payment']],
    ['PayPal only', ['payment']],
    ['Text 973-555-0142 or email me at pat@example.com, deposit upfront by Venmo, details at pat.example.com', ['phone', 'email', 'link', 'payment']],
  ];
  it.each(flagged)('%s → %j', (text, flags) => {
    expect(safetyFlagsOf(text)).toEqual(flags);
  });

  const clean = [
    'I can come at 5 pm on 3/14',
    'Hello, are you free on Saturday?',
    'The price is $25 for 2 hours, 10-12 works',
    'We live at ZIP 07042, two dogs, 12 and 3 years old',
    'Lesson 1 of 8 is on 2026-12-01 at 10:30',
    'My daughter is in grade 5, room 214',
    'I will bring my own ladder.',
    'Cash is fine when the job is done',
    'The app works well',
    'A card for your birthday',
    'Deposit the keys in the mailbox',
  ];
  it.each(clean)('%s → none', (text) => {
    expect(safetyFlagsOf(text)).toEqual([]);
  });
});
