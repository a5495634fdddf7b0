import { useEffect, useState } from 'react';
import { LocateFixed, MapPin } from '#web/components/icons/index.js';
import { NEAR_TEXTS, RADIUS_CHOICES_MILES, RADIUS_DEFAULT_MILES } from '#shared/service-texts.js';
import { type ZipLookup } from '#shared/services.js';
import { Button } from '#web/components/ui/button.js';
import { Checkbox } from '#web/components/ui/checkbox.js';
import { Input } from '#web/components/ui/input.js';
import { Label } from '#web/components/ui/label.js';
import { nativeSelectClasses } from '#web/components/ui/native-select.js';
import { toast } from '#web/components/ui/use-toast.js';
import { api, ApiError } from '#web/lib/api.js';
import { useZipLookup } from '../../zip/index.js';
import type { BrowseParams } from '../pages/use-browse-params.js';

export const NEAR_CONTROL_TEXTS = {
  legend: 'Near',
  zipLabel: 'ZIP code',
  useMyLocation: 'Use my location',
  locating: 'Finding you…',
  anywhere: 'Anywhere',
  radiusLabel: 'Within',
  sortLabel: 'Order',
  newestFirst: 'Newest first',
  nearestFirst: 'Nearest first',
  includeOnline: 'Include virtual services',
  locationUnavailable: 'Your location is not available',
  locationDenied: 'Allow this site to use your location, or type your ZIP code.',
  noZipNearby: 'There is no US ZIP code near you. Type a ZIP code instead.',
} as const;

type NearParams = Pick<BrowseParams, 'near' | 'radius' | 'sort' | 'includeVirtual'>;

interface NearFilterProps {
  params: NearParams;
  onChange: (changes: Partial<NearParams>) => void;
}

/** Where the browser is, as the nearest ZIP: the coordinates go to the server once, are neither stored nor logged. */
function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => navigator.geolocation.getCurrentPosition(resolve, reject, { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 }));
}

/**
 * The browse page's 'Near' control (decision 050): a ZIP code (or 'Use my location'), a radius, nearest first or not,
 * and whether virtual services come along; 'Anywhere' clears it. Everything lives in the address.
 */
export function NearFilter({ params, onChange }: NearFilterProps) {
  const [zipText, setZipText] = useState(params.near);
  const [lastNear, setLastNear] = useState(params.near);
  const [locating, setLocating] = useState(false);
  if (params.near !== lastNear) {
    // The address changed from outside (back button, 'Anywhere', a link): the box follows it.
    setLastNear(params.near);
    setZipText(params.near);
  }
  const typed = /^\d{5}$/.test(zipText) ? zipText : '';
  const lookup = useZipLookup(typed);
  const unknown = typed !== '' && lookup.data === null;
  const place = typed !== '' && lookup.data ? lookup.data : null;

  function typeZip(value: string) {
    const digits = value.replace(/\D/g, '').slice(0, 5);
    setZipText(digits);
    if (digits === '') onChange({ near: '', radius: '', sort: '', includeVirtual: '' });
  }

  // A ZIP the dataset knows goes to the address as soon as it is known.
  const knownZip = place?.zip;
  useEffect(() => {
    if (knownZip && knownZip !== params.near) onChange({ near: knownZip });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `onChange` is rebuilt every render; only the ZIP matters.
  }, [knownZip, params.near]);

  async function locateMe() {
    if (!('geolocation' in navigator)) {
      toast({ variant: 'destructive', title: NEAR_CONTROL_TEXTS.locationUnavailable, description: NEAR_CONTROL_TEXTS.locationDenied });
      return;
    }
    setLocating(true);
    try {
      const { coords } = await currentPosition();
      const nearest = await api.get<ZipLookup>(`/api/zip/nearest?lat=${coords.latitude.toFixed(4)}&lng=${coords.longitude.toFixed(4)}`);
      setZipText(nearest.zip);
      onChange({ near: nearest.zip });
    } catch (error) {
      const description = error instanceof ApiError && error.status === 404 ? NEAR_CONTROL_TEXTS.noZipNearby : NEAR_CONTROL_TEXTS.locationDenied;
      toast({ variant: 'destructive', title: NEAR_CONTROL_TEXTS.locationUnavailable, description });
    } finally {
      setLocating(false);
    }
  }

  const active = params.near !== '';
  return (
    <fieldset className="grid gap-3 rounded-lg border p-3 sm:p-4">
      <legend className="px-1 text-sm font-medium">{NEAR_CONTROL_TEXTS.legend}</legend>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-2">
          <Label htmlFor="near-zip">{NEAR_CONTROL_TEXTS.zipLabel}</Label>
          <div className="relative">
            <MapPin className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input
              id="near-zip"
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder="e.g. 07042"
              className="w-36 pl-9"
              value={zipText}
              maxLength={5}
              aria-invalid={unknown || undefined}
              aria-describedby={unknown ? 'near-zip-error' : place ? 'near-zip-place' : undefined}
              onChange={(event) => typeZip(event.target.value)}
            />
          </div>
        </div>
        <Button type="button" variant="outline" onClick={() => void locateMe()} disabled={locating}>
          <LocateFixed aria-hidden="true" />
          {locating ? NEAR_CONTROL_TEXTS.locating : NEAR_CONTROL_TEXTS.useMyLocation}
        </Button>
        <div className="grid gap-2">
          <Label htmlFor="near-radius">{NEAR_CONTROL_TEXTS.radiusLabel}</Label>
          <select
            id="near-radius"
            className={`${nativeSelectClasses} w-28`}
            value={params.radius || String(RADIUS_DEFAULT_MILES)}
            disabled={!active}
            onChange={(event) => onChange({ radius: event.target.value === String(RADIUS_DEFAULT_MILES) ? '' : event.target.value })}
          >
            {RADIUS_CHOICES_MILES.map((miles) => (
              <option key={miles} value={miles}>
                {miles} mi
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="near-sort">{NEAR_CONTROL_TEXTS.sortLabel}</Label>
          <select
            id="near-sort"
            className={`${nativeSelectClasses} w-40`}
            value={params.sort}
            disabled={!active}
            onChange={(event) => onChange({ sort: event.target.value === 'distance' ? 'distance' : '' })}
          >
            <option value="">{NEAR_CONTROL_TEXTS.newestFirst}</option>
            <option value="distance">{NEAR_CONTROL_TEXTS.nearestFirst}</option>
          </select>
        </div>
        {active && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setZipText('');
              onChange({ near: '', radius: '', sort: '', includeVirtual: '' });
            }}
          >
            {NEAR_CONTROL_TEXTS.anywhere}
          </Button>
        )}
      </div>
      {unknown && (
        <p id="near-zip-error" className="text-sm font-medium text-destructive">
          {NEAR_TEXTS.invalidZip}
        </p>
      )}
      {place && (
        <p id="near-zip-place" className="text-sm text-muted-foreground">
          {place.city}, {place.state}
        </p>
      )}
      {active && (
        <div className="flex items-center gap-2">
          <Checkbox
            id="near-virtual"
            checked={params.includeVirtual !== 'false'}
            onCheckedChange={(checked) => onChange({ includeVirtual: checked === true ? '' : 'false' })}
          />
          <Label htmlFor="near-virtual" className="font-normal">
            {NEAR_CONTROL_TEXTS.includeOnline}
          </Label>
        </div>
      )}
    </fieldset>
  );
}
