/**
 * Terms and Conditions and Privacy Policy text for Community Services Marketplace.
 *
 * Shown in full on /terms. The accept-terms screen shows every Terms section and
 * only PRIVACY_SECTIONS[0..2], so those three privacy sections are written to be
 * read on their own.
 */

import type { LegalSection } from '../../components/legal-sections.js';

export type { LegalSection };

export const LEGAL_LAST_UPDATED = 'June 1, 2025';

export const TERMS_SECTIONS: LegalSection[] = [
  {
    id: 'acceptance-of-terms',
    title: 'Acceptance of These Terms',
    paragraphs: [
      'Community Services Marketplace is a website that helps neighbours offer local services and ask for help with everyday tasks, such as tutoring, yard work, pet care, childcare, tech help, household help, creative work and sports and fitness. The site is operated by Community Services Marketplace LLC, a limited liability company ("we", "us" or "our").',
      'These Terms and Conditions ("Terms") are an agreement between you and us. By creating an account, posting a listing, sending a message or otherwise using the site, you agree to follow these Terms and our Privacy Policy. If you do not agree, please do not use the site.',
      'We may update these Terms from time to time. When we do, we will change the "last updated" date shown on this page, and for significant changes we may also let you know on the site or ask you to accept the new version. If you keep using the site after an update takes effect, you accept the updated Terms.',
    ],
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    paragraphs: [
      'You must be at least 13 years old to use the site.',
      'If you are between 13 and 17 years old, you may use the site only with the approval of a parent or legal guardian, who should review these Terms with you. By letting you use the site, your parent or guardian agrees to these Terms on your behalf and is responsible for your use of the site.',
      'The site is intended for use only within the United States. Listings, services and members should be located in the United States, and you may not use the site from outside the United States.',
    ],
  },
  {
    id: 'accounts',
    title: 'Your Account',
    paragraphs: [
      'Each person may have only one account. Do not create extra accounts, share your account with someone else, or use another person\'s account.',
      'You are responsible for keeping your sign-in details private and for everything that happens under your account. Please keep your profile information accurate, and let us know through the Contact page if you believe someone else has used your account.',
    ],
  },
  {
    id: 'services-and-listings',
    title: 'Services and Listings',
    paragraphs: [
      'Members can post two kinds of listings: a service they offer, or a request for help they need. Listings are public and can be seen by anyone who visits the site, whether or not they are signed in.',
      'You are responsible for what you post. Listings must describe a real service or a real need honestly, including the location, availability and any price or budget you mention. Do not post anything you do not have the right to share, such as photos taken by someone else without permission.',
      'The site is for services only. You may not use it to sell products or to advertise products, businesses, websites or other offers that are not a genuine service listing.',
      'We do not employ, screen, supervise or endorse the people who use the site, and we are not a party to any arrangement made between members. Before agreeing to work with someone, use your own judgement: ask questions, check reviews, and take sensible precautions, especially where children, pets or your home are involved.',
    ],
  },
  {
    id: 'payments',
    title: 'Payments and Fees',
    paragraphs: [
      'There are no payments on the site. We do not collect, hold or transfer money, and we do not charge fees or commissions to post listings, send messages or find help.',
      'Any price, rate or budget shown in a listing is set by the member who posted it. If you agree to pay for a service, the payment is arranged directly between you and the other member, outside the site, and is entirely your responsibility. We cannot refund money, settle payment disagreements or guarantee that a service will be provided as described.',
      'For your safety, never share bank, card or other financial details in a message, and be cautious of anyone who asks for payment before a service has been arranged in a way you are comfortable with.',
    ],
  },
  {
    id: 'community-guidelines',
    title: 'Community Guidelines and Prohibited Conduct',
    paragraphs: [
      'We want the site to be a friendly, trustworthy place for neighbours. Contact between members happens only through the site\'s built-in direct messaging, so please keep your conversations respectful and relevant to the services being discussed. When using the site, you agree not to:',
    ],
    bullets: [
      'harass, threaten, insult or discriminate against anyone;',
      'post content that is false, misleading, hateful, sexually explicit, violent or otherwise inappropriate;',
      'offer or request anything illegal, unsafe or that requires a licence you do not hold;',
      'sell or advertise products, or send spam, chain messages or unwanted promotions;',
      'pretend to be someone else, or misrepresent your identity, age, location or qualifications;',
      'create more than one account, or come back with a new account after being banned;',
      'collect other members\' personal information, or use the site to contact people for purposes unrelated to a listing;',
      'interfere with the site, try to access areas or data you are not allowed to, or use automated tools to copy or overload it.',
    ],
  },
  {
    id: 'reporting',
    title: 'Reporting Inappropriate Content',
    paragraphs: [
      'If you see a listing that seems inappropriate, misleading, unsafe or against these Terms, you can flag it using the Report option on the listing. Reports are reviewed by our team, who may remove content or take action against an account.',
      'Please use the report feature honestly. Knowingly making false reports, reporting listings to harass another member, or using reports to gain an advantage over a competitor is misuse of the feature and is itself a violation of these Terms.',
    ],
  },
  {
    id: 'referral-and-rewards',
    title: 'Referral and Rewards Program',
    paragraphs: [
      'From time to time we may run a referral and rewards program that recognises members who invite others to join the community. Any additional details of a particular program will be shown on the site, and these rules always apply:',
    ],
    bullets: [
      'Only refer people you personally know. Do not post referral invitations publicly, send them to strangers or use spam to share them.',
      'Each participant may take part with one account only. Referrals involving duplicate or fake accounts do not count.',
      'Winners and top referrers may be acknowledged on the site, for example by showing their username.',
      'We may disqualify anyone who breaks these rules or these Terms, and we may change or end the program at any time.',
    ],
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    paragraphs: [
      'The site is provided "as is" and "as available". We work to keep it running smoothly and safely, but we do not promise that it will always be available, error-free or secure.',
      'Listings, messages, reviews and other content come from members, not from us. We do not verify members\' identities, backgrounds, qualifications or the accuracy of what they post, and we make no promises about the quality, safety or legality of any service offered or requested on the site. Any arrangement you make with another member is at your own risk.',
    ],
  },
  {
    id: 'limitation-of-liability',
    title: 'Limitation of Liability',
    paragraphs: [
      'To the fullest extent allowed by law, Community Services Marketplace LLC and its members, managers and team are not responsible for any indirect, incidental, special or consequential loss or damage arising from your use of the site, or from any service, payment, meeting or dealing between you and another member. This includes loss of money, property damage or personal injury caused by another member.',
      'Because the site is free to use, if we are found responsible for any loss despite these Terms, our total liability to you is limited to the lowest amount allowed by law.',
      'You agree to take responsibility for claims made against us by others that result from your content, your dealings with other members or your breach of these Terms.',
    ],
  },
  {
    id: 'termination-and-enforcement',
    title: 'Violations, Suspension and Termination',
    paragraphs: [
      'You may stop using the site at any time. These Terms continue to apply to anything that happened while you were using it.',
      'If we believe you have broken these Terms or put other members at risk, we may act to protect the community. Depending on what happened, we may:',
    ],
    bullets: [
      'remove or delete your listings, messages or other posts;',
      'disqualify you from the referral and rewards program;',
      'suspend your account or ban you from the site;',
      'take legal action where appropriate, including reporting unlawful activity to the authorities.',
    ],
  },
  {
    id: 'governing-law-and-disputes',
    title: 'Governing Law, Dispute Resolution and Contact',
    paragraphs: [
      'These Terms are governed by the laws of the State of New Jersey, without regard to its conflict-of-law rules.',
      'If a disagreement arises between you and us, please contact us first so we can try to resolve it informally. If we cannot resolve it that way, both sides agree to try mediation in New Jersey, and if mediation does not settle the matter, the dispute will be decided by binding arbitration held in New Jersey, except where the law does not allow this.',
      'Disputes between members about a service or payment are between those members. We may look into reports, but we are not required to settle them.',
      'We communicate with members only through the site. If you have a question about these Terms, please use the Contact page while signed in; your message goes to our team, and our reply will arrive in your Messages.',
    ],
  },
];

export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    paragraphs: [
      'This Privacy Policy explains how Community Services Marketplace LLC handles information about the people who use Community Services Marketplace. We collect only what we need to run the site. This includes:',
    ],
    bullets: [
      'Account details: your full name, email address and username, received when you sign in and when you update your profile.',
      'Content you create: listings and their photos, messages, reviews, reports and anything else you post or send on the site.',
      'Usage data: information about how you use the site, such as pages visited, actions taken, the date and time of your visits, and basic device and browser details.',
      'Communication details: information needed to send you personalized notices by text message (SMS), email or push notification, along with your notification settings.',
    ],
  },
  {
    id: 'how-we-use-information',
    title: 'How We Use Information',
    paragraphs: [
      'We use the information we collect to run Community Services Marketplace and keep it safe. We do not sell your personal information. In particular, we use it to:',
    ],
    bullets: [
      'create and manage your account and show your username on your listings, messages and reviews;',
      'publish your listings and deliver messages between you and other members;',
      'send you notifications you have asked for, such as email alerts about new messages, and other personalized updates by SMS, email or push notification;',
      'review reports, enforce our Terms and Conditions, and protect members from fraud, spam and abuse;',
      'understand how the site is used so we can fix problems and improve it;',
      'run community programs such as referral rewards, and meet our legal obligations.',
    ],
  },
  {
    id: 'sharing-of-information',
    title: 'Sharing of Information',
    paragraphs: [
      'Some information is public by design: your listings, your username and profile picture, and the reviews you write can be seen by anyone who visits the site. Your messages are visible to the people you exchange them with, and may be reviewed by our moderators when needed to keep the community safe.',
      'We may share information with third parties in these limited situations:',
    ],
    bullets: [
      'with service providers who help us operate the site, such as companies that host our servers and data, provide sign-in, or deliver our emails, text messages and push notifications, who may use it only to provide those services to us;',
      'when required by law, or when we believe it is necessary to protect the rights, property or safety of our members, the public or us;',
      'as part of a merger, sale or transfer of our business, in which case this policy will continue to protect your information;',
      'with your permission, or at your direction.',
    ],
  },
  {
    id: 'data-security',
    title: 'Data Security and Retention',
    paragraphs: [
      'We use reasonable technical and organisational measures to protect your information, such as secure connections and restricted access to our systems. No website can be completely secure, however, so please protect your account and avoid sharing sensitive personal or financial details in listings or messages.',
      'We keep your information for as long as your account is active and as needed to run the site, resolve disputes, enforce our Terms and meet legal requirements. Deleted listings may be kept for a period so they can be restored or reviewed.',
    ],
  },
  {
    id: 'childrens-privacy',
    title: "Children's Privacy",
    paragraphs: [
      'Community Services Marketplace is not intended for children under 13, and we do not knowingly collect personal information from anyone under 13. If we learn that we have collected information from a child under 13, we will delete it and close the account.',
      'Members aged 13 to 17 may use the site only with the approval of a parent or legal guardian. If you are a parent or guardian and believe your child has given us information without your permission, please contact us.',
    ],
  },
  {
    id: 'your-choices',
    title: 'Your Choices',
    paragraphs: [
      'You can review and update your username on your profile page, and you can turn email notifications for direct messages on or off at any time. You can delete your own listings, and you can ask us to delete your account or the information we hold about you.',
      'You can also control cookies and similar tools through your browser settings, although turning them off may stop parts of the site, such as staying signed in, from working.',
    ],
  },
  {
    id: 'changes-and-contact',
    title: 'Changes to This Policy and Contact',
    paragraphs: [
      'We may update this Privacy Policy from time to time. When we do, we will change the "last updated" date on this page, and for significant changes we will let you know on the site.',
      'If you have questions about this policy or want to make a request about your information, please use the Contact page while signed in. Your message goes directly to our team, and we will reply through your Messages on the site.',
    ],
  },
];
