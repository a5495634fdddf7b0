import { NewListingPage } from './new-listing-page.js';

export default function RequestServicePage() {
  return <NewListingPage listingType="request" />;
}
