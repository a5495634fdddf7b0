import { onDemand, useAskedFor } from '#web/lib/on-demand.js';
import { OwnerMenuButton, type OwnedListing } from './owner-menu-button.js';

const ownerMenu = onDemand(() => import('./owner-menu-content.js'));

/**
 * Edit, Pause or Resume (decision 070), Share, Delete (after a confirmation) and Restore for the owner of a listing. The
 * menu's code loads when its button is first pressed (decision 068), and is fetched as the pointer or the focus comes
 * near it.
 */
export function OwnerMenu({ service }: { service: OwnedListing }) {
  const { shown, withKeyboard, ask, prefetch } = useAskedFor(ownerMenu);
  if (shown) return <ownerMenu.Part service={service} withKeyboard={withKeyboard} />;
  return <OwnerMenuButton listingTitle={service.title} aria-expanded={false} onClick={ask} onPointerEnter={prefetch} onFocus={prefetch} />;
}
