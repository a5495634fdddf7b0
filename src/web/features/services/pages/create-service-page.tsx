import { NewListingPage } from './new-listing-page.js';

export default function CreateServicePage() {
  return <NewListingPage listingType="offer" />;
}
