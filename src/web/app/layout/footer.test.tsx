import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { paths } from '#web/core/paths.js';
import { renderWithApp } from '#web/test-support/render.js';
import TermsPage from '../../features/terms/terms-page.js';
import { Footer } from './footer.js';

describe('the footer', () => {
  it('links the public pages and the social profile, shows the current year, and its links go to their pages', async () => {
    const { user, history } = renderWithApp(
      <>
        <Route path={paths.terms} component={TermsPage} />
        <Footer />
      </>,
      { signedInAs: null },
    );
    const footer = within(screen.getByRole('contentinfo'));
    const links = footer.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['About', 'Services', 'Terms and Privacy', 'Contact', expect.stringMatching(/^Follow us on /)]);
    expect(links.slice(0, 4).map((link) => link.getAttribute('href'))).toEqual([paths.about, paths.services, paths.terms, paths.contact]);
    expect(screen.getByRole('contentinfo').textContent).toContain(`© ${new Date().getFullYear()} Community Services Marketplace`);

    await user.click(footer.getByRole('link', { name: 'Terms and Privacy' }));
    expect(history.at(-1)).toBe(paths.terms);
    expect(screen.getByRole('heading', { name: 'Terms and Privacy', level: 1 })).toBeDefined();
  });
});
