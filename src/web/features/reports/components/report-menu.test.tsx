import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REPORT_DESCRIPTION_MAX, REPORT_ERRORS, REPORT_TEXTS, type Report } from '#shared/reports.js';
import { ok, refuse, stubApi } from '#web/test-support/fetch-stub.js';
import { aService, aUser } from '#web/test-support/fixtures.js';
import { expectToast, renderWithApp } from '#web/test-support/render.js';
import { ReportMenu } from './report-menu.js';

const listing = aService({ id: 5, userId: 'owner-1' });
const REPORT = 'POST /api/services/5/report';

const report: Report = {
  id: 90,
  kind: 'service',
  status: 'pending',
  reason: 'misleading',
  description: 'The photos are of another service.',
  createdAt: '2026-03-02T08:00:00.000Z',
  reporter: { id: 'member-1', username: 'neighbour' },
  service: { id: listing.id, title: listing.title },
  reviewedBy: null,
  reviewedAt: null,
};

async function openReportDialog(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: `More options for ${listing.title}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
  return screen.findByRole('dialog', { name: 'Report Service' });
}

describe('the report dialog', () => {
  it('needs a reason: an alert beside the choices and a toast, and nothing sent', async () => {
    const api = stubApi({ [REPORT]: ok(report) });
    const { user } = renderWithApp(<ReportMenu service={listing} />);

    const dialog = await openReportDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));

    expect(within(dialog).getByRole('alert').textContent).toBe(REPORT_TEXTS.reasonRequired);
    expect(within(dialog).getByRole('group', { name: 'Reason (required)', description: REPORT_TEXTS.reasonRequired })).toBeDefined();
    await expectToast(REPORT_TEXTS.reasonRequiredTitle, REPORT_TEXTS.reasonRequired);
    expect(api.requests(REPORT)).toEqual([]);
  });

  it(`takes at most ${REPORT_DESCRIPTION_MAX} characters of description`, async () => {
    const { user } = renderWithApp(<ReportMenu service={listing} />);

    const dialog = await openReportDialog(user);
    const description = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Description (optional)' });
    await user.click(description);
    await user.paste('x'.repeat(REPORT_DESCRIPTION_MAX + 1));

    expect(description.value).toHaveLength(REPORT_DESCRIPTION_MAX);
    expect(within(dialog).getByText(`${REPORT_DESCRIPTION_MAX}/${REPORT_DESCRIPTION_MAX}`)).toBeDefined();
  });

  it('sends the reason and the trimmed description, thanks and closes', async () => {
    const api = stubApi({ [REPORT]: ok(report) });
    const { user } = renderWithApp(<ReportMenu service={listing} />);

    const dialog = await openReportDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Misleading Information' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Description (optional)' }), '  The photos are of another service.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));

    await expectToast(REPORT_TEXTS.submittedTitle, REPORT_TEXTS.submittedBody);
    expect(api.bodies(REPORT)).toEqual([{ reason: 'misleading', description: 'The photos are of another service.' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal as the title and keeps the dialog open", async () => {
    stubApi({ [REPORT]: refuse(409, REPORT_ERRORS.alreadyReported) });
    const { user } = renderWithApp(<ReportMenu service={listing} />);

    const dialog = await openReportDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));

    await expectToast(REPORT_ERRORS.alreadyReported, REPORT_TEXTS.failure);
    expect(screen.getByRole('dialog', { name: 'Report Service' })).toBeDefined();
  });

  it('does not open for the listing owner', async () => {
    const { user } = renderWithApp(<ReportMenu service={listing} />, { signedInAs: aUser({ id: listing.userId }) });

    await user.click(screen.getByRole('button', { name: `More options for ${listing.title}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));

    await expectToast(REPORT_TEXTS.ownListingTitle, REPORT_TEXTS.ownListing);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
