import { Share2 } from '#web/components/icons/index.js';
import type { Service } from '#shared/services.js';
import { paths } from '#web/core/paths.js';
import { Button } from '#web/components/ui/button.js';
import { toast } from '#web/components/ui/use-toast.js';

export type Shareable = Pick<Service, 'id' | 'title'>;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Shares a listing's page through the device's share sheet where there is one (checked at the click: the page may
 * have been rendered where there was none); otherwise copies its address and says so. A share the person cancelled
 * says nothing.
 */
export async function shareListing(service: Shareable): Promise<void> {
  const url = new URL(paths.service(service.id), window.location.origin).href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: service.title, url });
      return;
    } catch (error) {
      if (isAbort(error)) return;
      // Refused (no user gesture left, a policy): the copied link still works.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied' });
  } catch {
    toast({ variant: 'destructive', title: 'Error', description: 'Could not copy the link. Please copy it from the address bar.' });
  }
}

/** The listing page's Share button. */
export function ShareButton({ service }: { service: Shareable }) {
  return (
    <Button variant="ghost" size="sm" className="gap-1.5 px-2" onClick={() => void shareListing(service)}>
      <Share2 aria-hidden="true" />
      Share
    </Button>
  );
}
