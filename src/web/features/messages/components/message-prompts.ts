import { MESSAGING_TEXTS } from '#shared/messaging-limits.js';
import type { Service } from '#shared/services.js';
import { promptSignIn } from '#web/components/sign-in-prompt.js';
import { toast } from '#web/components/ui/use-toast.js';
import { displayName } from '#web/components/user-avatar.js';

export type MessageableService = Pick<Service, 'id' | 'title' | 'userId' | 'listingType' | 'user'>;

export const promptSignInToMessage = () => promptSignIn(MESSAGING_TEXTS.signInTitle, MESSAGING_TEXTS.signInBody);
export const refuseOwnListing = () => toast({ variant: 'destructive', title: MESSAGING_TEXTS.ownListingTitle, description: MESSAGING_TEXTS.ownListing });

/** The specification (§2): the dialog opens with a greeting that names the listing. */
export function greetingFor(service: MessageableService): string {
  const name = displayName(service.user);
  return service.listingType === 'request'
    ? `Hi ${name}, I saw your request "${service.title}" and I'd be glad to help. When would suit you?`
    : `Hi ${name}, I'm interested in your service "${service.title}". Is it still available?`;
}
