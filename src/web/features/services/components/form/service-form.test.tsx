import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CONTACT_METHOD, CONTACT_VALUE, IMAGE_TEXTS, LOCATION_MESSAGE, PRICES_VARY_MESSAGE } from '#shared/service-texts.js';
import { paths } from '#web/core/paths.js';
import { ok, refuse, stubApi } from '#web/test-support/fetch-stub.js';
import { aService, MONTCLAIR, PET_CARE, SERVICE_TYPES, TUTORING } from '#web/test-support/fixtures.js';
import { expectToast, renderWithApp, toastRegion } from '#web/test-support/render.js';
import CreateServicePage from '../../pages/create-service-page.js';
import RequestServicePage from '../../pages/request-service-page.js';

/** The catalogue and the ZIP lookup the form reads while someone fills it in. */
function stubFormLookups() {
  return stubApi({
    'GET /api/categories': ok([TUTORING, PET_CARE]),
    'GET /api/categories/1/service-types': ok(SERVICE_TYPES[TUTORING.id]),
    'GET /api/categories/3/service-types': ok(SERVICE_TYPES[PET_CARE.id]),
    'GET /api/zip/07042': ok(MONTCLAIR),
    'POST /api/services': ok(aService()),
  });
}

const select = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name });
const textbox = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const rate = () => screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Rate ($)' });
const rateShown = () => screen.queryByRole('spinbutton', { name: 'Rate ($)' }) !== null;
const optionNames = (list: HTMLSelectElement) => within(list).getAllByRole('option').map((option) => option.textContent);
/** An accessible description (the field's hint and its message) that includes this text. */
const mentioning = (message: string) => (description: string) => description.includes(message);

async function chooseCategoryAndService(user: UserEvent, category: string, service: string) {
  await screen.findByRole('option', { name: category });
  await user.selectOptions(select('Category'), category);
  await within(select('Service')).findByRole('option', { name: service });
  await user.selectOptions(select('Service'), service);
}

async function fillOffer(user: UserEvent) {
  await chooseCategoryAndService(user, 'Tutoring', 'Math');
  await user.type(textbox('Title'), 'Algebra help for middle school');
  await user.type(textbox('Description'), 'Patient tutoring in algebra and geometry, at your kitchen table.');
  await user.type(rate(), '25');
  await user.selectOptions(select('Rate type'), 'Fixed');
  await user.click(screen.getByRole('checkbox', { name: 'Mon' }));
  await user.click(screen.getByRole('checkbox', { name: 'Wed' }));
  await user.type(textbox('ZIP code'), '07042');
  await waitFor(() => expect(textbox('City').value).toBe('Montclair'));
}

describe('the listing form', () => {
  it('lists the service types of the chosen category, and a new category clears the chosen service', async () => {
    const api = stubFormLookups();
    const { user } = renderWithApp(<CreateServicePage />, { path: paths.createService });

    expect(select('Service').disabled).toBe(true);
    expect(optionNames(select('Service'))).toEqual(['Select a category first']);

    await chooseCategoryAndService(user, 'Tutoring', 'Science');
    expect(optionNames(select('Service'))).toEqual(['Select a service', 'Math', 'Science']);
    expect(select('Service').value).toBe('12');

    await user.selectOptions(select('Category'), 'Pet Care');
    expect(select('Service').value).toBe('');
    await within(select('Service')).findByRole('option', { name: 'Dog Walking' });
    expect(optionNames(select('Service'))).toEqual(['Select a service', 'Dog Walking', 'Pet Sitting']);
    expect(api.requests('GET /api/categories/3/service-types')).toHaveLength(1);

    // The form forgot the service too, not only the list: a submit asks for one.
    await user.click(screen.getByRole('button', { name: 'Create Service' }));
    expect(screen.getByRole('combobox', { name: 'Service', description: 'Please select a service' })).toBeDefined();
  });

  it('hides and empties the rate when prices vary, and forgets its message', async () => {
    stubFormLookups();
    const { user } = renderWithApp(<CreateServicePage />, { path: paths.createService });
    const pricesVary = screen.getByRole('checkbox', { name: 'Prices Vary' });

    await user.type(rate(), '25');
    await user.click(pricesVary);
    expect(rateShown()).toBe(false);
    expect(screen.queryByRole('combobox', { name: 'Rate type' })).toBeNull();
    await user.click(pricesVary);
    expect(rate().value).toBe('');

    await user.click(screen.getByRole('button', { name: 'Create Service' }));
    expect(screen.getByRole('spinbutton', { name: 'Rate ($)', description: PRICES_VARY_MESSAGE })).toBeDefined();
    await user.click(pricesVary);
    await user.click(pricesVary);
    expect(screen.queryByText(PRICES_VARY_MESSAGE)).toBeNull();
  });

  it('fills city and state from the ZIP code, and a virtual service drops the location', async () => {
    stubFormLookups();
    const { user } = renderWithApp(<CreateServicePage />, { path: paths.createService });

    await user.type(textbox('ZIP code'), '07042');
    await waitFor(() => expect(textbox('City').value).toBe('Montclair'));
    expect(textbox('State').value).toBe('NJ');

    const virtual = screen.getByRole('checkbox', { name: 'Virtual service (done online, no location needed)' });
    await user.click(virtual);
    for (const name of ['ZIP code', 'City', 'State']) expect(screen.queryByRole('textbox', { name })).toBeNull();

    await user.click(virtual);
    expect([textbox('ZIP code').value, textbox('City').value, textbox('State').value]).toEqual(['', '', '']);
  });

  it('shows every problem on its field after one submit and sends nothing', async () => {
    const api = stubFormLookups();
    const { user } = renderWithApp(<CreateServicePage />, { path: paths.createService });

    await user.click(screen.getByRole('button', { name: 'Create Service' }));

    expect(screen.getByRole('combobox', { name: 'Category', description: 'Please select a category' })).toBeDefined();
    expect(screen.getByRole('combobox', { name: 'Service', description: 'Please select a service' })).toBeDefined();
    expect(screen.getByRole('textbox', { name: 'Title', description: mentioning('Title must be at least 5 characters') })).toBeDefined();
    expect(screen.getByRole('textbox', { name: 'Description', description: mentioning('Description must be at least 20 characters') })).toBeDefined();
    expect(screen.getByRole('spinbutton', { name: 'Rate ($)', description: PRICES_VARY_MESSAGE })).toBeDefined();
    expect(screen.getByRole('group', { name: 'Availability', description: 'Select at least one day' })).toBeDefined();
    expect(screen.getByRole('textbox', { name: 'ZIP code', description: mentioning(LOCATION_MESSAGE) })).toBeDefined();
    expect(api.requests('POST /api/services')).toEqual([]);
  });

  it('sends an offer in the API shape, then says so and goes to Browse Services', async () => {
    const api = stubFormLookups();
    const { user, history } = renderWithApp(<CreateServicePage />, { path: paths.createService });

    await fillOffer(user);
    await user.click(screen.getByRole('button', { name: 'Create Service' }));

    await expectToast('Service created successfully', 'Your service has been listed and is now visible to the community');
    // What comes next, in the toast itself (decision 068): the new listing's page, and sharing it.
    const posted = toastRegion();
    expect(posted.getByRole('link', { name: 'View your listing' }).getAttribute('href')).toBe(paths.service(aService().id));
    expect(posted.getByRole('button', { name: 'Share' })).toBeDefined();
    expect(api.bodies('POST /api/services')).toEqual([
      {
        listingType: 'offer',
        categoryId: TUTORING.id,
        serviceTypeId: 11,
        title: 'Algebra help for middle school',
        description: 'Patient tutoring in algebra and geometry, at your kitchen table.',
        images: [],
        rate: 25,
        rateType: 'fixed',
        pricesVary: false,
        availability: ['mon', 'wed'],
        isVirtual: false,
        zipCode: '07042',
        city: 'Montclair',
        state: 'NJ',
        contactMethod: CONTACT_METHOD,
        contactValue: CONTACT_VALUE,
      },
    ]);
    expect(history.at(-1)).toBe(paths.services);
  });

  it("puts the server's field errors on their fields and stays on the form", async () => {
    const tooLarge = IMAGE_TEXTS.tooLarge('Image 1');
    stubFormLookups();
    stubApi({ 'POST /api/services': refuse(400, tooLarge, { errors: { 'images.0': tooLarge } }) });
    const { user, history } = renderWithApp(<CreateServicePage />, { path: paths.createService });

    await fillOffer(user);
    await user.click(screen.getByRole('button', { name: 'Create Service' }));

    await expectToast('Error creating service', tooLarge);
    expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.includes(tooLarge))).toBe(true);
    expect(history.at(-1)).toBe(paths.createService);
  });

  it('lets a request leave its budget open: sent as no rate, hourly', async () => {
    const api = stubFormLookups();
    const { user } = renderWithApp(<RequestServicePage />, { path: paths.requestService });

    expect(screen.getByRole('spinbutton', { name: 'Budget ($, optional)' })).toBeDefined();
    expect(select('Budget type (optional)').value).toBe('');
    await chooseCategoryAndService(user, 'Pet Care', 'Pet Sitting');
    await user.type(textbox('Title'), 'Cat sitter for a long weekend');
    await user.type(textbox('Description'), 'Feed two cats and water the plants, Friday to Monday.');
    await user.click(screen.getByRole('checkbox', { name: 'Sat' }));
    await user.click(screen.getByRole('checkbox', { name: 'Virtual service (done online, no location needed)' }));
    await user.click(screen.getByRole('button', { name: 'Post Request' }));

    await expectToast('Service request posted successfully');
    expect(api.bodies('POST /api/services')).toEqual([
      expect.objectContaining({ listingType: 'request', categoryId: PET_CARE.id, serviceTypeId: 32, rate: null, rateType: 'hourly', isVirtual: true, availability: ['sat'] }),
    ]);
  });
});
