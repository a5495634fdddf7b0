import { useId, useState } from 'react';
import { ADMIN_TEXTS, servicesCountLabel, type AdminService } from '#shared/admin.js';
import { Badge } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import { Label } from '#web/components/ui/label.js';
import { Switch } from '#web/components/ui/switch.js';
import { toast } from '#web/components/ui/use-toast.js';
import { errorMessage } from '#web/lib/api.js';
import { itemsOf } from '../api/query-keys.js';
import { useAdminServices, useDeleteServicePermanently } from '../api/services.js';
import { SANCTION_TEXTS } from '#shared/sanctions.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { ReasonField } from './reason-field.js';
import { day, personName, rateWithType } from './format.js';
import { PagedList, TabHeader } from './list-parts.js';

function ServiceRow({ service, onDelete }: { service: AdminService; onDelete: (service: AdminService) => void }) {
  return (
    <li className="grid gap-2 rounded-lg border bg-card p-4 text-card-foreground">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold [overflow-wrap:anywhere]">{service.title}</h3>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
            <Badge variant="outline">{service.category.name}</Badge>
            {service.listingType === 'request' && <Badge variant="secondary">Help Wanted</Badge>}
            {service.deletedAt && <Badge variant="destructive">Deleted</Badge>}
            {!service.deletedAt && !service.isActive && <Badge variant="secondary">Paused</Badge>}
            {!service.deletedAt && service.expired && <Badge variant="secondary">Expired</Badge>}
          </p>
        </div>
        <Button variant="destructive" size="sm" onClick={() => onDelete(service)} aria-label={`${ADMIN_TEXTS.deletePermanently}: ${service.title}`}>
          {ADMIN_TEXTS.deletePermanently}
        </Button>
      </div>
      <p className="line-clamp-3 text-sm [overflow-wrap:anywhere]">{service.description}</p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm text-muted-foreground sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
        <dt>Author</dt>
        <dd className="text-foreground [overflow-wrap:anywhere]">{personName(service.author)}</dd>
        <dt>Rate</dt>
        <dd className="text-foreground">{rateWithType(service)}</dd>
        <dt>Created on</dt>
        <dd className="text-foreground">{day(service.createdAt)}</dd>
        {service.expiresAt && !service.deletedAt && (
          <>
            <dt>{service.expired ? 'Expired on' : 'Expires on'}</dt>
            <dd className="text-foreground">{day(service.expiresAt)}</dd>
          </>
        )}
        {service.deletedAt && (
          <>
            <dt>Deleted on</dt>
            <dd className="text-foreground">{day(service.deletedAt)}</dd>
          </>
        )}
      </dl>
    </li>
  );
}

/** The specification (§2), Services: every listing, the soft-deleted ones on request, with a permanent delete. */
export function ServicesTab() {
  const switchId = useId();
  const [includeDeleted, setIncludeDeleted] = useState(false);
  const services = useAdminServices(includeDeleted);
  const remove = useDeleteServicePermanently();
  const [deleting, setDeleting] = useState<AdminService | null>(null);
  const [reason, setReason] = useState('');
  const total = services.data?.pages[0]?.total;

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(
      { id: deleting.id, reason },
      {
        onSuccess: () => {
          toast({ title: ADMIN_TEXTS.serviceDeleted });
          setDeleting(null);
          setReason('');
        },
        onError: (error) => toast({ variant: 'destructive', title: ADMIN_TEXTS.deleteFailure, description: errorMessage(error, 'Please try again.') }),
      },
    );
  }

  return (
    <section aria-labelledby="admin-services-title">
      <TabHeader id="admin-services-title" title={ADMIN_TEXTS.servicesTitle} count={total === undefined ? undefined : servicesCountLabel(total)}>
        <div className="flex items-center gap-2">
          <Switch id={switchId} checked={includeDeleted} onCheckedChange={setIncludeDeleted} />
          <Label htmlFor={switchId}>{ADMIN_TEXTS.showDeleted}</Label>
        </div>
      </TabHeader>
      <PagedList query={services} failure={ADMIN_TEXTS.fetchServicesFailure}>
        <ul className="grid gap-3">
          {itemsOf(services.data, (page) => page.services).map((service) => (
            <ServiceRow key={service.id} service={service} onDelete={setDeleting} />
          ))}
        </ul>
      </PagedList>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this service permanently?"
        description={
          <>
            &ldquo;{deleting?.title}&rdquo; is removed for good, with its photos, likes, reviews and reports. Conversations about it stay
            readable. This cannot be undone.
          </>
        }
        confirmLabel={ADMIN_TEXTS.deletePermanently}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      >
        <ReasonField label={SANCTION_TEXTS.removeReasonLabel} value={reason} onChange={setReason} />
      </ConfirmDialog>
    </section>
  );
}
