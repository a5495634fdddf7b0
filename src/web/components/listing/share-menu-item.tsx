import { Share2 } from '#web/components/icons/index.js';
import { DropdownMenuItem } from '#web/components/ui/dropdown-menu.js';
import { shareListing, type Shareable } from './share.js';

// Apart from share.tsx, so that a page with only the Share button does not load the menus' code (decision 068).
/** 'Share' in a listing card's menu. */
export function ShareMenuItem({ service }: { service: Shareable }) {
  return (
    <DropdownMenuItem onSelect={() => void shareListing(service)}>
      <Share2 aria-hidden="true" />
      Share
    </DropdownMenuItem>
  );
}
