import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { DayCode, ListingType, RateType } from '#shared/service-texts.js';
import type { CreateService, Service, UpdateService } from '#shared/services.js';
import { showFieldErrors } from '#web/components/form/server-errors.js';
import { availabilityDays } from '#web/components/listing/format.js';
import type { CreateServiceBody } from '../../api/create-service.js';
import type { UpdateServiceBody } from '../../api/update-service.js';

/** What the inputs hold. The shared zod schemas turn these strings into the API's numbers and nulls. */
export interface ListingFormValues {
  listingType: ListingType;
  categoryId: string;
  serviceTypeId: string;
  title: string;
  description: string;
  images: string[];
  rate: string;
  rateType: RateType | '';
  pricesVary: boolean;
  availability: DayCode[];
  isVirtual: boolean;
  zipCode: string;
  city: string;
  state: string;
  isActive: boolean;
}

export type ListingForm<TOutput> = UseFormReturn<ListingFormValues, unknown, TOutput>;

/**
 * zodResolver for a shared listing schema. The schema accepts `unknown` where it coerces (ids, rate,
 * availability), which react-hook-form cannot relate to the inputs' own types; the values always fit.
 */
export function listingResolver<TOutput>(schema: z.ZodType<TOutput, FieldValues>): Resolver<ListingFormValues, unknown, TOutput> {
  return zodResolver(schema) as unknown as Resolver<ListingFormValues, unknown, TOutput>;
}

export function emptyListingValues(listingType: ListingType): ListingFormValues {
  return {
    listingType,
    categoryId: '',
    serviceTypeId: '',
    title: '',
    description: '',
    images: [],
    rate: '',
    // An offer always names its rate type; a request may leave it open (sent as hourly).
    rateType: listingType === 'offer' ? 'hourly' : '',
    pricesVary: false,
    availability: [],
    isVirtual: false,
    zipCode: '',
    city: '',
    state: '',
    isActive: true,
  };
}

export function serviceToFormValues(service: Service): ListingFormValues {
  return {
    listingType: service.listingType,
    categoryId: String(service.categoryId),
    serviceTypeId: String(service.serviceTypeId),
    title: service.title,
    description: service.description,
    images: service.images,
    rate: service.rate === null ? '' : String(service.rate),
    rateType: service.rateType,
    pricesVary: service.pricesVary,
    availability: availabilityDays(service.availability),
    isVirtual: service.isVirtual,
    zipCode: service.zipCode ?? '',
    city: service.city ?? '',
    state: service.state ?? '',
    isActive: service.isActive,
  };
}

export function toCreateBody(values: CreateService): CreateServiceBody {
  return { ...values, rate: values.rate ?? null };
}

export function toUpdateBody(values: UpdateService): UpdateServiceBody {
  const place = (value: string | undefined) => (values.isVirtual ? null : (value ?? null));
  return {
    ...values,
    rate: values.rate ?? null,
    zipCode: place(values.zipCode),
    city: place(values.city),
    state: place(values.state),
  };
}

const FIELDS = Object.keys(emptyListingValues('offer')) as (keyof ListingFormValues)[];

/** Puts the server's field errors (400 `errors`) on their inputs; true when at least one was shown. */
export function showServerFieldErrors<T>(form: ListingForm<T>, error: unknown): boolean {
  return showFieldErrors(form.setError, error, FIELDS);
}
