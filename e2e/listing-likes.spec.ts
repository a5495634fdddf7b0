import { createListingWithApi, expect, expectSignInPrompt, expectToast, listingCard, registerWithApi, signUpWithApi, test, uniqueWord } from './fixtures/index.js';

test('a neighbour likes a listing and unlikes it; signed out, a like asks to log in', async ({ page, request, consoleGuard }) => {
  const word = uniqueWord();
  await registerWithApi(request, { acceptTerms: true });
  const listing = await createListingWithApi(request, { category: 'tutoring', serviceType: 'Music Lessons', title: `Guitar lessons ${word}` });
  await signUpWithApi(page, { acceptTerms: true });

  await page.goto(`/services?search=${word}`);
  const like = listingCard(page, listing.title).getByRole('button', { name: /^Like \d+ likes?$/ });

  await test.step('liking adds one to the count', async () => {
    await expect(like).toHaveAccessibleName('Like 0 likes');
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await like.click();
    await expectToast(page, 'Service liked');
    await expect(like).toHaveAccessibleName('Like 1 like');
    await expect(like).toHaveAttribute('aria-pressed', 'true');
  });

  await test.step('the like is kept by the server', async () => {
    await page.reload();
    await expect(like).toHaveAccessibleName('Like 1 like');
    await expect(like).toHaveAttribute('aria-pressed', 'true');
  });

  await test.step('unliking takes it back', async () => {
    await like.click();
    await expectToast(page, 'Service unliked');
    await expect(like).toHaveAccessibleName('Like 0 likes');
    await expect(like).toHaveAttribute('aria-pressed', 'false');
  });

  await test.step('signed out, a like says "Please log in" and moves on to the sign-in page', async () => {
    // Signing out ends the session's event stream; the page's reconnect can race the navigation and be refused.
    consoleGuard.allowFailedRequest('GET', '/api/events', 401);
    await page.goto('/api/logout');
    await expect(page).toHaveURL('/');
    await page.goto(`/services?search=${word}`);
    await expectSignInPrompt(page, () => like.click(), { title: 'Please log in', description: 'You need to be logged in to like services.' });
    await expect(page.getByRole('heading', { name: 'Welcome', level: 1 })).toBeVisible();
  });
});
