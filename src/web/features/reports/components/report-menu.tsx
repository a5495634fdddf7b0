import { onDemand, useAskedFor } from '#web/lib/on-demand.js';
import type { ReportableService } from './report-dialog.js';
import { ReportMenuButton } from './report-menu-button.js';

const reportMenu = onDemand(() => import('./report-menu-content.js'));

/**
 * The card's menu for anyone but the listing's owner (the specification, §2: 'either an owner menu or a Report menu'):
 * Share, and Report, which opens a dialog with the reason (required) and an optional description. The menu's code
 * loads when its button is first pressed (decision 068), and is fetched as the pointer or the focus comes near it.
 */
export function ReportMenu({ service }: { service: ReportableService }) {
  const { shown, withKeyboard, ask, prefetch } = useAskedFor(reportMenu);
  if (shown) return <reportMenu.Part service={service} withKeyboard={withKeyboard} />;
  return <ReportMenuButton listingTitle={service.title} aria-expanded={false} onClick={ask} onPointerEnter={prefetch} onFocus={prefetch} />;
}
