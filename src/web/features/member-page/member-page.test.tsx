import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { routePatterns } from '#web/core/paths.js';
import { refuse, stubApi } from '#web/test-support/fetch-stub.js';
import { renderWithApp } from '#web/test-support/render.js';
import MemberPage from './member-page.js';

const renderAt = (path: string) => renderWithApp(<Route path={routePatterns.member} component={MemberPage} />, { path });

/** A member's page nobody may see (decision 069). */
describe("a member's page not shown", () => {
  it("says the page is not available for a member the API does not show, and leads to the listings", async () => {
    stubApi({ 'GET /api/users/gone_member': refuse(404, 'Member not found') });
    renderAt('/members/gone_member');
    expect(await screen.findByRole('heading', { level: 1, name: "This member's page is not available" })).toBeDefined();
    expect(screen.getByText('The account may have been closed. Their neighbours are still here.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Browse listings' }).getAttribute('href')).toBe('/services');
    expect(document.title).toBe("This member's page is not available | Community Services Marketplace");
  });

  it("shows the specification's not-found screen for a name the API refuses as malformed", async () => {
    stubApi({ 'GET /api/users/x': refuse(400, 'Invalid username', { code: 'validation_failed' }) });
    renderAt('/members/x');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeDefined();
  });
});
