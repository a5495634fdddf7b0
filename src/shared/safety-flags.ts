import { findPhoneNumbersInText } from 'libphonenumber-js/min';
import { LinkifyIt } from 'linkify-it';

/**
 * The classic signs of a scam a message can carry (decision 044): a phone number, an email address, a web link, or
 * pressure to pay outside the marketplace. Computed when a message is sent and shown to its recipient as a calm
 * warning; nothing is blocked (neighbours may swap numbers once they trust each other). The sender's composer
 * runs the same check before sending.
 */
export const SAFETY_FLAGS = ['phone', 'email', 'link', 'payment'] as const;
export type SafetyFlag = (typeof SAFETY_FLAGS)[number];

/** Links with or without `https://` (`example.com/page`), and email addresses; IP addresses are not links here. */
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: false });

/**
 * Words and phrases of payment pressure, as lower-case words. Matched on the message's words, not by a regular
 * expression over its text, so the check stays linear in the message's length.
 */
const PAYMENT_PHRASES: readonly (readonly string[])[] = [
  ['zelle'],
  ['venmo'],
  ['cashapp'],
  ['cash', 'app'],
  ['paypal'],
  ['gift', 'card'],
  ['gift', 'cards'],
  ['giftcard'],
  ['giftcards'],
  ['wire', 'transfer'],
  ['wire', 'the', 'money'],
  ['western', 'union'],
  ['moneygram'],
  ['crypto'],
  ['cryptocurrency'],
  ['bitcoin'],
  ['btc'],
  ['usdt'],
  ['deposit', 'up', 'front'],
  ['deposit', 'upfront'],
  ['upfront', 'deposit'],
  ['pay', 'in', 'advance'],
  ['payment', 'in', 'advance'],
  ['advance', 'payment'],
];

/** The message's words: letters and digits, lower case; everything else separates them. */
function words(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

function mentionsPayment(text: string): boolean {
  const found = words(text);
  for (let i = 0; i < found.length; i++) {
    for (const phrase of PAYMENT_PHRASES) {
      if (phrase.every((word, offset) => found[i + offset] === word)) return true;
    }
  }
  return false;
}

/** The flags of a message's text, in the order of SAFETY_FLAGS; none for a message with none of the signs. */
export function safetyFlagsOf(text: string): SafetyFlag[] {
  const links = linkify.match(text) ?? [];
  const flags = new Set<SafetyFlag>();
  // Numbers a US neighbour would dial, and any written in international form: not dates, times, prices or ZIP codes.
  if (findPhoneNumbersInText(text, { defaultCountry: 'US' }).length > 0) flags.add('phone');
  if (links.some((link) => link.schema === 'mailto:')) flags.add('email');
  if (links.some((link) => link.schema !== 'mailto:')) flags.add('link');
  if (mentionsPayment(text)) flags.add('payment');
  return SAFETY_FLAGS.filter((flag) => flags.has(flag));
}
